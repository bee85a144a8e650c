"""A lint imports only the rule modules of its file's format (``registry.RULE_MODULES``).

Each check runs in a fresh interpreter, where nothing has loaded the rules yet: the rules a
format's modules register are every rule of that format, and a lint that loads only them
reports exactly what a lint with every rule module loaded reports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dipcheck.rules import registry

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
FORMATS = ("dip", "dot", "yaml", "ordewell")

_COMPARE = """
import json, sys
from dipcheck.rules import registry
fmt = sys.argv[1]
partial = sorted(rule.code for rule in registry.checks(fmt))
imported = sorted(name for name in registry.RULE_MODULES if name in sys.modules)
full = sorted(rule.code for rule in registry.checks() if fmt in rule.formats)
print(json.dumps([partial, full, imported]))
"""


def _python(code: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "DIPCHECK_CACHE_DIR": os.devnull + "-none"},
        check=False,
    )


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_modules_of_a_format_register_every_rule_of_that_format(fmt: str) -> None:
    shown = _python(_COMPARE, fmt)
    assert shown.returncode == 0, shown.stderr
    partial, full, imported = json.loads(shown.stdout)
    assert partial == full
    assert partial  # every format has rules
    wanted = sorted(name for name, formats in registry.RULE_MODULES.items() if fmt in formats)
    assert set(imported) >= set(wanted)
    assert len(imported) < len(registry.RULE_MODULES)  # some modules were left out


def test_a_dip_lint_leaves_the_ordewell_and_step_rules_unloaded() -> None:
    shown = _python(
        "import sys; from dipcheck.engine import lint_text;"
        "lint_text(open(sys.argv[1]).read(), sys.argv[1]);"
        "print(sorted(name for name in sys.modules if name.startswith('dipcheck.rules.')))",
        str(FIXTURES / "review_loop.dip"),
    )
    assert shown.returncode == 0, shown.stderr
    loaded = shown.stdout
    assert "dipcheck.rules.dippin_routing" in loaded
    for module in ("ordewell", "ordewell_context", "steps", "typed_outputs"):
        assert f"'dipcheck.rules.{module}'" not in loaded


_LINT = """
import sys
from dipcheck.rules import registry
if sys.argv[1] == "every":
    registry.all_rules()  # import every rule module first
from dipcheck.cli import main
sys.exit(main(["lint", "--no-cache", "--format", "json", *sys.argv[2:]]))
"""


@pytest.mark.parametrize(
    "arguments",
    [
        [str(FIXTURES / "review_loop.dip"), str(FIXTURES / "broken")],
        [str(FIXTURES / "dot")],
        [str(FIXTURES / "steps")],
        ["--dialect", "ordewell", str(FIXTURES / "ordewell" / "plan-12.json")],
        ["--dialect", "ordewell", str(FIXTURES / "ordewell" / "reply-two-drafts.txt")],
        ["--ignore", "DC3", str(FIXTURES / "review_loop.dip")],
    ],
)
def test_a_lint_reports_the_same_with_every_rule_module_loaded(arguments: list[str]) -> None:
    some = _python(_LINT, "format", *arguments)
    every = _python(_LINT, "every", *arguments)
    assert some.returncode in (0, 1), some.stderr
    assert (some.returncode, some.stdout) == (every.returncode, every.stdout)
    assert json.loads(some.stdout)  # findings to compare

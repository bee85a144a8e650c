"""Every upstream dippin code DIP101-DIP165 is a registered rule with upstream's default
severity and documentation that `dipcheck rule` prints (an example and the fix)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dipcheck.rules import registry

HINTS = {"DIP125", "DIP133", "DIP143", "DIP146", "DIP147", "DIP150", "DIP154", "DIP164", "DIP165"}
ERRORS = {"DIP155", "DIP156", "DIP157", "DIP158", "DIP163"}
# DC rules own DIP112 and DIP124's spans; DIP144 is opt-in (fail-fast is tracker's default);
# DIP138 is reserved
OFF_BY_DEFAULT = {"DIP112", "DIP124", "DIP138", "DIP144"}
CODES = [f"DIP{number}" for number in range(101, 166)]


@pytest.mark.parametrize("code", CODES)
def test_code_is_registered_with_upstream_severity_and_docs(code: str) -> None:
    rule = registry.get(code)
    assert rule is not None, code
    expected = "hint" if code in HINTS else "error" if code in ERRORS else "warning"
    assert rule.severity.label == expected
    assert rule.enabled == (code not in OFF_BY_DEFAULT)
    assert rule.summary and rule.rationale and rule.example and rule.fix
    assert rule.check is not None or code == "DIP138"
    assert "dip" in rule.formats


def test_rule_command_documents_a_dippin_code() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", "rule", "DIP105"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("DIP105 exit-only-through-back-edges (warning)")
    assert "Example:\n    edges\n      Start -> Work\n      Work -> Done  loop" in result.stdout
    assert "Fix:\n    Add a forward edge towards the exit" in result.stdout


def test_rule_command_says_shellcheck_is_optional() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", "rule", "shellcheck"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("DC207 shellcheck (warning)")
    assert "When shellcheck is not installed this rule is silently off" in " ".join(
        result.stdout.split()
    )

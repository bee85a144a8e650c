"""Every upstream dippin code DIP101-DIP165 is a registered rule with upstream's default
severity (or the one the severity audit gives it, with its reason) and documentation that
`dipcheck rule` prints (an example and the fix)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dipcheck.rules import registry

HINTS = {"DIP125", "DIP133", "DIP143", "DIP146", "DIP147", "DIP150", "DIP154", "DIP164", "DIP165"}
ERRORS = {"DIP155", "DIP156", "DIP157", "DIP158", "DIP163"}
# DC rules own DIP112 and DIP124's spans; DIP144 is opt-in (fail-fast is tracker's default);
# DIP138 is reserved
# ... and style/parity checks are off by default (issue 18: a default set chosen by
# precision); `extend-select = ["dippin"]` turns them on
OFF_BY_DEFAULT = {"DIP112", "DIP124", "DIP138", "DIP144"} | {
    "DIP120",
    "DIP125",
    "DIP133",
    "DIP150",
    "DIP151",
    "DIP153",
    "DIP154",
}
# Where the severity audit (dipcheck/rules/severity_audit.py) departs from dippin's severity
# because tracker does otherwise: code -> dipcheck's default.
AUDITED = {
    "DIP107": "info",  # a key nothing reads changes no route and no prompt
    "DIP110": "error",  # tracker's codergen handler refuses an agent without a prompt
    "DIP120": "hint",  # tracker resolves a bare name as a context key (pipeline/condition.go)
    "DIP141": "info",  # dead configuration: no tools to write with
    "DIP151": "hint",  # tracker weighs only unconditional edges (pipeline/engine_edges.go)
    "DIP153": "hint",  # the fork/join implies the edge: nothing changes
    "DIP156": "warning",  # tracker expands an undeclared input to "" (pipeline/expand.go)
    "DIP159": "info",  # an input nothing reads changes nothing
    "DIP163": "warning",  # tracker v0.64 does not read writable_paths_mode; the file runs
}
CODES = [f"DIP{number}" for number in range(101, 166)]


@pytest.mark.parametrize("code", CODES)
def test_code_is_registered_with_upstream_severity_and_docs(code: str) -> None:
    rule = registry.get(code)
    assert rule is not None, code
    upstream = "hint" if code in HINTS else "error" if code in ERRORS else "warning"
    assert rule.severity.label == AUDITED.get(code, upstream)
    assert rule.audit is not None and rule.audit.severity is rule.severity
    assert "dippin" in rule.groups
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

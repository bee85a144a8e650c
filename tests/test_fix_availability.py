"""What the registry says about a rule's fix is what its findings carry, format by format: a
rule that "always" fixes fixes every finding in the formats it names, and the formats where it
cannot (DIP005 in DOT: only the author knows the condition to add) are said to have none."""

from __future__ import annotations

import pytest
from helpers import FIXTURES, dipcheck, every_rule_findings

from dipcheck.rules import registry

FORMATS = {"dip": "dip", "dot": "dot", "yaml": "yaml", "yml": "yaml"}


@pytest.fixture(scope="module")
def findings() -> list[tuple[str, str, bool]]:
    """(code, format, has a fix) of every finding on the fixtures and the corpus, every rule on."""
    return [
        (item.code, FORMATS.get(item.path.rsplit(".", 1)[-1], "dip"), item.fixed)
        for item in every_rule_findings()
    ]


def test_always_means_every_finding_of_a_fixable_format(
    findings: list[tuple[str, str, bool]],
) -> None:
    for code, fmt, fixed in findings:
        rule = registry.get(code)
        assert rule is not None
        if fixed:
            assert fmt in rule.fixable_formats, (code, fmt)
        elif rule.fix_availability == "always":
            assert fmt not in rule.fixable_formats, f"{code} in {fmt} has no fix"


def test_dip005_is_fixed_in_dip_and_said_not_to_be_in_dot(
    findings: list[tuple[str, str, bool]],
) -> None:
    assert ("DIP005", "dot", False) in findings  # fixtures/dot/broken.dot
    rule = registry.get("DIP005")
    assert rule is not None and rule.fixable_formats == frozenset({"dip"})
    shown = dipcheck("rule", "DIP005").stdout
    assert "Automatic fix: always (dip); none (dot, ordewell, yaml)\n" in shown
    page = (FIXTURES.parent / "docs" / "rules" / "dip005.md").read_text(encoding="utf-8")
    assert (
        "| Automatic fix | `.dip`: every finding carries an automatic fix; DOT (`.dot`), ordewell, "
        "YAML step workflows: no automatic fix |" in page
    )

"""The severity policy (issue 18): every rule has a group and an audited severity with its
reason, groups select rules in configuration and on the command line, and style checks are
off by default."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import dipcheck, lint, only, template

from dipcheck.config import Config, ConfigError, load_config_file
from dipcheck.rules import docs, policy, registry

RULES = registry.all_rules()


@pytest.mark.parametrize("rule", RULES, ids=[rule.code for rule in RULES])
def test_every_rule_is_audited(rule: registry.Rule) -> None:
    audit = rule.audit
    assert audit is not None, f"{rule.code} has no entry in dipcheck/rules/severity_audit.py"
    assert audit.severity is rule.severity, rule.code
    assert audit.group in policy.GROUPS
    assert audit.why.strip()
    assert rule.groups[0] == audit.group
    assert (policy.DIPPIN in rule.groups) == rule.code.startswith("DIP")


@pytest.mark.parametrize(
    "rule",
    [rule for rule in RULES if rule.group == "style"],
    ids=[rule.code for rule in RULES if rule.group == "style"],
)
def test_style_checks_are_off_by_default(rule: registry.Rule) -> None:
    assert not rule.enabled


def test_a_page_names_its_groups_and_why_its_severity() -> None:
    rule = registry.get("DIP153")
    assert rule is not None
    text = docs.page(rule)
    assert "| Groups | `style`, `dippin` |" in text
    assert "## Severity\n\nHint: the fork or join already implies the edge" in text
    assert "`select`, `extend-select`, `ignore`" in docs.index(RULES)


def test_group_selectors() -> None:
    dippin = {rule.code for rule in registry.select("dippin")}
    assert dippin == {rule.code for rule in RULES if rule.code.startswith("DIP")}
    routing = {rule.code for rule in registry.select("routing")}
    assert {"DC301", "DC333", "DIP102"} <= routing and "DIP153" not in routing
    assert {rule.code for rule in registry.select("STYLE")} >= {"DIP150", "DIP151", "DIP153"}
    # a code, a name and a prefix still select as before
    assert [rule.code for rule in registry.select("redundant-fan-edge")] == ["DIP153"]
    assert registry.select("DIP15") and not registry.select("nosuchgroup")


FORK = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Fork -> A, B
      agent A
        prompt: Do A.
      agent B
        prompt: Do B.
      fan_in Join <- A, B
      agent Done
        label: Done
      edges
        Start -> Fork
        Fork -> A
        Join -> Done
    """
)


def test_style_rule_selected_by_group_in_configuration(tmp_path: Path) -> None:
    assert only(lint(FORK), "DIP153") == []  # off by default
    for key, group in (("extend-select", "dippin"), ("extend-select", "style")):
        config_path = tmp_path / "dipcheck.toml"
        config_path.write_text(f'{key} = ["{group}"]\n')
        config = load_config_file(str(config_path))
        assert [item.code for item in only(lint(FORK, config=config), "DIP153")] == ["DIP153"]
    config_path.write_text('select = ["routing"]\n')
    chosen = load_config_file(str(config_path)).active_codes
    assert chosen == {rule.code for rule in registry.select("routing")}
    config_path.write_text('ignore = ["dippin"]\n')
    assert not any(
        code.startswith("DIP") for code in load_config_file(str(config_path)).active_codes
    )
    assert "DIP153" not in Config().active_codes


def test_unknown_group_is_a_configuration_error(tmp_path: Path) -> None:
    config_path = tmp_path / "dipcheck.toml"
    config_path.write_text('extend-select = ["dipin"]\n')
    with pytest.raises(
        ConfigError, match=r"names no known rule: 'dipin' \(did you mean `dippin`\?\)$"
    ):
        load_config_file(str(config_path))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('extend-select = ["{v}"]', "`extend-select` names no known rule: "),
        ('severity = {{ "{v}" = "error" }}', "`severity` names an unknown rule: "),
        ('target-version = "{v}"', "target-version: unknown target version "),
        ('dialect = {{ "*.dip" = "{v}" }}', "dialect of '*.dip': "),
        ('severity = {{ DC101 = "{v}" }}', "severity of DC101: unknown severity "),
    ],
)
def test_a_long_unknown_value_is_quoted_in_part(tmp_path: Path, body: str, message: str) -> None:
    """A configuration's 300,000-character unknown rule, version, dialect or severity was
    quoted whole in the error; now its first 60 characters and its length."""
    config_path = tmp_path / "dipcheck.toml"
    config_path.write_text(body.format(v="Q" * 300_000) + "\n")
    with pytest.raises(ConfigError) as raised:
        load_config_file(str(config_path))
    shown = str(raised.value).removeprefix(f"{config_path}: ")
    assert shown.startswith(message + repr("Q" * 60) + "… (300000 characters)")
    assert len(shown) < 200


def test_group_selection_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "fork.dip"
    path.write_text(FORK)
    base = ("lint", "--isolated", "--format", "concise", "--exit-zero", path)
    assert "DIP153" not in dipcheck(*base).stdout
    assert "DIP153" in dipcheck(*base, "--extend-select", "dippin").stdout
    assert "DIP153" in dipcheck(*base, "--extend-select", "style").stdout
    only_style = dipcheck(*base, "--select", "style").stdout
    assert "DIP153" in only_style and "DC" not in only_style
    assert "DIP153" not in dipcheck(*base, "--extend-select", "dippin", "--ignore", "style").stdout
    wrong = dipcheck(*base, "--extend-select", "dipin")
    assert wrong.returncode == 2 and "no rule matches 'dipin'" in wrong.stderr


def test_group_selection_from_a_configuration_file_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "fork.dip").write_text(FORK)
    (tmp_path / "dipcheck.toml").write_text('extend-select = ["dippin"]\n')
    result = dipcheck("lint", "--format", "concise", "--exit-zero", "fork.dip", cwd=tmp_path)
    assert "DIP153" in result.stdout

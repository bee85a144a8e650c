"""Generated documentation is current: the rule pages in docs/rules/ and the configuration
schema are what `python -m dipcheck.rules.docs` writes (regenerating yields no diff), every
rule has its page, and the schema agrees with what dipcheck.config accepts."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from helpers import PROJECT

from dipcheck.config import KNOWN_KEYS, ConfigError, parse_config
from dipcheck.rules import registry
from dipcheck.rules.docs import runtime_links

GENERATOR = [sys.executable, "-m", "dipcheck.rules.docs"]


def test_generated_files_are_current() -> None:
    result = subprocess.run(
        [*GENERATOR, "--check"], cwd=PROJECT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_check_reports_a_stale_or_left_over_page(tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(PROJECT / "docs", root / "docs")
    (root / "dipcheck").mkdir()
    shutil.copy(PROJECT / "dipcheck" / "config.schema.json", root / "dipcheck")
    page = root / "docs" / "rules" / "dc201.md"
    page.write_text(page.read_text() + "edited by hand\n")
    (root / "docs" / "rules" / "dc999.md").write_text("a rule that is gone\n")
    check = subprocess.run(
        [*GENERATOR, "--check", "--root", str(root)], capture_output=True, text=True, check=False
    )
    assert check.returncode == 1
    assert "out of date: docs/rules/dc201.md" in check.stderr
    assert "out of date: docs/rules/dc999.md" in check.stderr
    write = subprocess.run(
        [*GENERATOR, "--root", str(root)], capture_output=True, text=True, check=False
    )
    assert write.returncode == 0
    assert write.stdout == "wrote docs/rules/dc201.md\nremoved docs/rules/dc999.md\n"
    assert page.read_text() == (PROJECT / "docs" / "rules" / "dc201.md").read_text()


def test_every_rule_has_a_page_with_its_metadata() -> None:
    index = (PROJECT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    for rule in registry.all_rules():
        page = (PROJECT / "docs" / "rules" / f"{rule.code.lower()}.md").read_text(encoding="utf-8")
        assert page.splitlines()[2] == f"# {rule.code} {rule.name}"
        assert f"| Default severity | {rule.severity.label} |" in page
        assert f"| Since | dipcheck {rule.since} |" in page
        assert runtime_links(rule.rationale) in page and runtime_links(rule.fix) in page
        assert f"[{rule.code}]({rule.code.lower()}.md)" in index
        assert rule.url.endswith(f"/docs/rules/{rule.code.lower()}.md")


def test_docs_url_points_elsewhere_from_the_environment(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(
        "workflow W\n  start: A\n  exit: Nope\n  agent A\n    label: A\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--format", "json", "w.dip"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "DIPCHECK_DOCS_URL": "https://docs.example.invalid/rules"},
    )
    (item,) = json.loads(result.stdout)["diagnostics"]
    assert item["url"] == f"https://docs.example.invalid/rules/{item['code'].lower()}.md"


SCHEMA = json.loads((PROJECT / "dipcheck" / "config.schema.json").read_text(encoding="utf-8"))

CONFIGS = [
    ({"select": ["ALL"], "ignore": ["DIP004", "unconditional-cycle"]}, True),
    ({"select": "DC1", "extend-select": ["DIP1"]}, True),
    ({"per-file-ignores": {"legacy/*.dip": ["DC1"], "x.dip": "DIP003"}}, True),
    ({"exclude": ["vendor/**"], "include": "flows/*.wf", "fail-on": "warning"}, True),
    ({"severity": {"DIP003": "warning", "unsafe-tool-command-key": "info"}}, True),
    ({"target-version": "0.65"}, True),
    ({"target-version": "v0.64"}, True),
    ({"extra-models": "acme:m1,m2;openai:gpt-x"}, True),
    ({"extra-models": {"acme": ["m1", "m2"]}}, True),
    ({"extra-models": 3}, False),
    ({"selct": ["ALL"]}, False),
    ({"fail-on": "fatal"}, False),
    ({"severity": {"NOPE1": "error"}}, False),
    ({"severity": {"DIP003": "loud"}}, False),
    ({"select": [1]}, False),
    ({"target-version": "9.9"}, False),
    ({"per-file-ignores": ["DC1"]}, False),
    ({"format": {"exclude": ["tests/broken/*"]}}, True),
    ({"format": {"exclude": "one.dip"}}, True),
    ({"format": {"exlude": ["a.dip"]}}, False),
    ({"format": ["a.dip"]}, False),
    ({"format": {"exclude": [1]}}, False),
]


def test_schema_keys_are_the_configuration_keys() -> None:
    assert set(SCHEMA["properties"]) == KNOWN_KEYS
    assert SCHEMA["additionalProperties"] is False


@pytest.mark.parametrize(("data", "valid"), CONFIGS)
def test_schema_and_parser_agree(data: dict[str, object], valid: bool) -> None:
    errors = list(jsonschema.Draft7Validator(SCHEMA).iter_errors(data))
    assert (not errors) == valid, errors
    try:
        parse_config(data, "dipcheck.toml")
    except ConfigError:
        assert not valid
    else:
        assert valid

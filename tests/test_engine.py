"""The lint engine never loses a file: unreadable files are DC002, a crash is DC000 on the file it
happened in, and the other files (and the other rules) still run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import FIXTURES, Finding, as_finding

from dipcheck import engine
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.engine import lint_paths, lint_text
from dipcheck.rules import registry
from dipcheck.rules.context import Context


def test_not_utf8_is_dc002_at_the_first_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.dip"
    path.write_bytes("workflow W\n  goal: caf\xe9\n".encode("latin-1"))
    (result,) = lint_paths([str(path)])
    assert [as_finding(item) for item in result.diagnostics] == [
        Finding("DC002", "error", (2, 12), (2, 13), "\ufffd")
    ]
    assert "byte 22 (0xe9) cannot be decoded" in result.diagnostics[0].message


def test_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.dip"
    path.write_bytes(b"\xef\xbb\xbf" + (FIXTURES / "review_loop.dip").read_bytes())
    (path.parent / "prompts").mkdir()
    (path.parent / "prompts" / "plan.md").write_text("Plan.\n")
    (path.parent / "scripts").mkdir()
    (path.parent / "scripts" / "run_tests.sh").write_text("make test\n")
    (result,) = lint_paths([str(path)])
    assert result.diagnostics == []


def test_a_front_end_crash_is_dc000_on_that_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "good.dip"
    good.write_text("workflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n")
    bad = tmp_path / "bad.dip"
    bad.write_text("workflow Boom\n")
    real = engine._front_end

    def flaky(source, fmt, *args, **kwargs):  # type: ignore[no-untyped-def]
        if source.path.endswith("bad.dip"):
            raise RuntimeError("boom")
        return real(source, fmt, *args, **kwargs)

    monkeypatch.setattr(engine, "_front_end", flaky)
    results = lint_paths([str(tmp_path)])
    assert [Path(result.path).name for result in results] == ["bad.dip", "good.dip"]
    (crash,) = results[0].diagnostics
    assert (crash.code, crash.severity) == ("DC000", Severity.ERROR)
    assert crash.message.startswith("internal error in the dip front-end: RuntimeError: boom")
    assert results[1].diagnostics == []


def test_a_rule_crash_is_dc000_and_the_other_rules_still_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(context: Context) -> Iterator[Diagnostic]:
        raise KeyError("nope")

    crashing = registry.Rule(
        "DIP001", "missing-start-node", Severity.ERROR, "s", "r", "e", "f", broken
    )
    real_checks = registry.checks

    def checks(fmt: str | None = None) -> Iterator[registry.Rule]:
        yield crashing
        yield from (item for item in real_checks(fmt) if item.code != "DIP001")

    monkeypatch.setattr(registry, "checks", checks)
    result = lint_text("workflow W\n  exit: A\n  agent A\n    label: A\n  edges\n    A -> B\n")
    found = [(item.code, item.span.text) for item in result.diagnostics]
    assert ("DIP003", "B") in found  # a later rule still ran
    internal = [item for item in result.diagnostics if item.code == "DC000"]
    assert len(internal) == 1
    assert internal[0].message.startswith("internal error in rule DIP001: KeyError: 'nope'")

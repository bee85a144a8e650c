"""The default rule set on the real corpus against the hand-judged list
(tests/precision_judged.toml, issue 18): no judged-true finding lost, no judged-false finding
reported, debatable and style findings below warning, and style/parity findings at most 10% of
the warnings and errors."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from helpers import CORPUS, PROJECT

pytestmark = pytest.mark.corpus


def _harness():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "precision_harness", PROJECT / "benchmarks" / "precision.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


precision = _harness()


def test_the_judged_list_is_well_formed() -> None:
    judged = precision.load_judged()
    assert len(judged) >= 50
    keys = [(entry.file, entry.line, entry.code) for entry in judged]
    assert len(keys) == len(set(keys))
    # a verdict of each kind, so that the check below can fail in every direction
    assert {entry.verdict for entry in judged} == set(precision.VERDICTS)


@pytest.fixture(scope="module")
def found() -> list[object]:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    return precision.lint_corpus(CORPUS)


def test_judged_findings_hold_on_a_default_run(found: list[object]) -> None:
    assert precision.contradictions(found, precision.load_judged()) == []


def test_every_error_and_warning_code_on_the_corpus_is_judged(found: list[object]) -> None:
    loud = {item.code for item in found if item.severity in precision.LOUD}
    judged = {entry.code for entry in precision.load_judged()}
    assert loud - judged == set()


def test_style_and_parity_are_at_most_a_tenth_of_warnings_and_errors(found: list[object]) -> None:
    quiet, loud = precision.style_share(found)
    assert loud > 0 and quiet / loud <= precision.MAX_STYLE_SHARE


def test_a_contradiction_is_reported() -> None:
    # the comparison itself can fail: a lost true finding, a reported false one, a loud style
    # one, an info one lost
    judged = precision.load_judged()
    true, info, false, style = (
        next(entry for entry in judged if entry.verdict == verdict)
        for verdict in ("true", "info", "false", "style")
    )
    found = [
        precision.Found(false.file, false.line, false.code, precision.Severity.INFO),
        precision.Found(style.file, style.line, style.code, precision.Severity.WARNING),
    ]
    problems = precision.contradictions(found, [true, info, false, style])
    assert [problem.split(": ", 1)[1] for problem in problems] == [
        "a true finding lost (not reported)",
        "should be an info or a hint (not reported)",
        "a false finding reported (info)",
        "reported as warning, should be below warning",
    ]


def test_the_benchmark_skips_without_a_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert precision.main(["--corpus", str(tmp_path / "absent")]) == 0
    assert capsys.readouterr().out.startswith("skipped: no corpus at ")

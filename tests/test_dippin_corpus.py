"""What the dippin lints report on tracker's own workflows (../shared/corpus/tracker), code by
code. Each count was checked by hand against the workflow (see the issue 12 report); a change
means a rule started or stopped firing on real files. DIP125 depends on the programs of the
machine and DC207 on shellcheck being installed, so they are not counted here; DIP144 is off
by default and not counted (it asks for a failure route on every agent). The style and
parity codes are off by default (issue 18), so the corpus is linted with `extend-select =
["dippin"]`, the one line a migrating user writes to keep dippin's findings."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from dipcheck.config import Config
from dipcheck.engine import lint_paths, lint_text

pytestmark = pytest.mark.corpus
DIPPIN = Config(extend_select=("dippin",))

TRACKER = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "tracker"
EXPECTED = {
    # tracker stops a command without `timeout` after 30 s: the filedirectives fixtures'
    # RunScript, and 116 tool nodes of the 17 `.dot` pipelines (their `.dip` twins got a
    # `timeout:` on every tool in tracker commit f95ab54; the `.dot` files did not)
    "DIP110": 2,  # pipeline/testdata/cycle.dot: boxes `a` and `b` without a prompt
    "DIP111": 118,
    "DIP126": 3,  # two testdata parents without their child, one ref that needs tracker's cwd
    # defaults.max_retries with loops and the default 5 restarts: 6 `.dip` files, and 13
    # `.dot` pipelines whose `.dip` twins got `max_restarts` (e.g. 726c0c8) while they did not
    "DIP134": 19,
    "DIP149": 1,  # pipeline/testdata/cycle.dot: `b` has two unconditional edges
    "DIP135": 1,  # pipeline/testdata/manager_loop.dip: child.dip does not exist
    "DIP150": 16,  # unconditional labeled edges of choice gates without `choice:`
    "DIP151": 4,  # weight on conditional edges
    "DIP153": 30,  # explicit copies of fork/join edges
    # dotpowers-simple(-auto).dot: the stylesheet's `.opinion` rule, whose class no node has
    # (their `.dip` twins dropped the rule)
    "DIP117": 2,
}


def test_dippin_findings_on_the_tracker_corpus() -> None:
    if not TRACKER.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    counts = collections.Counter(
        item.code
        for result in lint_paths([str(TRACKER)], DIPPIN)
        for item in result.diagnostics
        if item.code.startswith("DIP1") and item.code not in {"DIP125", "DIP144"}
    )
    assert dict(counts) == EXPECTED
    default = collections.Counter(
        item.code for result in lint_paths([str(TRACKER)]) for item in result.diagnostics
    )
    assert not {"DIP150", "DIP151", "DIP153"} & set(default)  # style: off by default


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def test_safe_fixes_on_the_corpus_reparse_and_resolve_their_findings() -> None:
    if not TRACKER.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    fixed_codes = {"DIP120", "DIP150", "DIP151", "DIP153", "DIP154"}
    applied = 0
    for result in lint_paths([str(TRACKER)], DIPPIN):
        edits = [
            (edit.span.start, edit.span.end, edit.text)
            for item in result.diagnostics
            if item.code in fixed_codes and item.fix is not None and item.fix.safe
            for edit in item.fix.edits
            if edit.span.source is result.source
        ]
        if not edits:
            continue
        applied += len(edits)
        again = lint_text(_apply(result.source.text, edits), result.path, DIPPIN)
        codes = [item.code for item in again.diagnostics]
        assert "DC001" not in codes and not fixed_codes & set(codes), result.path
    assert applied > 0

"""What the dippin lints report on tracker's own workflows (../shared/corpus/tracker), code by
code. Each count was checked by hand against the workflow (see the issue 12 report); a change
means a rule started or stopped firing on real files. DIP125 depends on the programs of the
machine and DC207 on shellcheck being installed, so they are not counted here."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from dipcheck.engine import lint_paths

pytestmark = pytest.mark.corpus

TRACKER = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "tracker"
EXPECTED = {
    "DIP111": 2,  # filedirectives fixtures: RunScript has no timeout
    "DIP126": 3,  # two testdata parents without their child, one ref that needs tracker's cwd
    "DIP134": 6,  # defaults.max_retries with loops and the default 5 restarts
    "DIP135": 1,  # pipeline/testdata/manager_loop.dip: child.dip does not exist
    "DIP144": 13,  # agents with a prompt and no failure route
    "DIP150": 16,  # unconditional labeled edges of choice gates without `choice:`
    "DIP151": 4,  # weight on conditional edges
    "DIP153": 30,  # explicit copies of fork/join edges
}


def test_dippin_findings_on_the_tracker_corpus() -> None:
    if not TRACKER.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    counts = collections.Counter(
        item.code
        for result in lint_paths([str(TRACKER)])
        for item in result.diagnostics
        if item.code.startswith("DIP1") and item.code != "DIP125"
    )
    assert dict(counts) == EXPECTED

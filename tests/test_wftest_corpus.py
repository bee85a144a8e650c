"""``dipcheck test`` on every workflow of the real-world corpus (../shared/corpus): a default
test written by ``--update`` passes when run again, coverage is measured within its totals,
and nothing ends in a traceback or a test-file error."""

from __future__ import annotations

import pytest
from helpers import CORPUS

from dipcheck.config import Config
from dipcheck.wftest import coverage, runner, update
from dipcheck.wftest.model import DIPCHECK

TRACKER = CORPUS / "tracker"
FILES = sorted([*TRACKER.rglob("*.dip"), *TRACKER.rglob("*.dot")]) if TRACKER.is_dir() else []


@pytest.mark.skipif(not FILES, reason="../shared/corpus not found beside the project")
def test_every_corpus_workflow_can_be_tested(monkeypatch: pytest.MonkeyPatch) -> None:
    # each test file is the editor's text of a file at the top of the corpus (never written):
    # it and the workflow it names lie in the tree tested, the corpus
    monkeypatch.chdir(CORPUS)
    workflows = runner.Workflows(Config())
    tested = 0
    for index, workflow in enumerate(FILES):
        target = CORPUS / f"w{index}.tests.yaml"
        text = f"workflow: {workflow}\ntests:\n  - name: default\n"
        file = runner.run_file(str(target), workflows, text=text)
        if file.error is not None:
            # a DOT file that is no workflow, or one the simulator cannot start
            assert "cannot be simulated" in file.error.message, (workflow, file.error)
            continue
        (test,) = file.results
        assert test.error is None, (workflow, test.error)
        assert test.observed is not None
        written = update.update_text(
            str(target), text, DIPCHECK, {"default": update.snapshot(test.observed, DIPCHECK)}
        )
        again = runner.run_file(str(target), workflows, text=written)
        assert again.error is None and again.results[0].outcome == "passed", workflow
        assert file.prepared is not None
        found = coverage.measure(
            str(workflow), file.prepared.graph, file.prepared.machine.target, again.results
        )
        for kind in coverage.KINDS:
            covered, total = found.count(kind)
            assert 0 <= covered <= total
        edges = found.count("edges")
        assert edges[0] >= 1 or len(test.observed.path) <= 1, workflow
        tested += 1
    assert tested >= 60  # the .dip examples and the DOT pipelines that are workflows

"""Context across subgraph boundaries, as tracker merges it (pipeline/subgraph.go, §5.7): a
child starts from its parent's context and its final context is merged back. A child linted
on its own does not report keys its parent provides (DC101-DC104) or reads (DIP107); a file
that looks like a child but whose parent is not found says so at info level; DIP107 in a
parent counts the child's reads; DC205 on a subgraph node reports only keys the child never
writes. The workspace finds the parents next to and above a file."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from helpers import Finding, as_finding, dedent, dipcheck, template

from dipcheck.engine import lint_file
from dipcheck.workspace import Workspace

PARENT = template(
    """
    workflow Parent
      start: Plan
      exit: Done
      agent Plan
        prompt: Plan.
        writes: plan
      subgraph Review
        ref: subgraphs/review.dip
      agent Done
        prompt: Report ${ctx.verdict}.
      edges
        Plan -> Review
        Review -> Done
    """
)
CHILD = template(
    """
    workflow Review
      start: Check
      exit: Finish
      agent Check
        reads: plan
        fidelity: summary:medium
        prompt: Review the plan.
        writes: verdict, notes
        response_format: json_object
      agent Finish
        label: Finish
      edges
        Check -> Finish
    """
)
CODES = ("DC101", "DC102", "DC103", "DC104", "DIP107", "DC205")


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dedent(text))
    return path


def findings(path: Path) -> list[Finding]:
    result = lint_file(str(path))
    return [as_finding(item) for item in result.diagnostics if item.code in CODES]


def messages(path: Path, code: str) -> list[str]:
    return [item.message for item in lint_file(str(path)).diagnostics if item.code == code]


@pytest.fixture(autouse=True)
def _in_the_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test runs in its project, as `dipcheck lint` does: the tree being checked (where
    the parent scan stops) is the working directory."""
    monkeypatch.chdir(tmp_path)


def test_workspace_finds_the_parents_of_a_child(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.dip", PARENT)
    child = write(tmp_path, "subgraphs/review.dip", CHILD)
    write(tmp_path, "other.dip", PARENT.replace("subgraphs/review.dip", "subgraphs/other.dip"))
    links = Workspace().parents(str(child))
    assert [(link.path, link.node.id) for link in links] == [(str(parent), "Review")]
    assert Workspace().parents(str(parent)) == ()


def test_workspace_finds_a_parent_whose_ref_resolves_from_above(tmp_path: Path) -> None:
    # tracker's CLI also tries its working directory: `examples/child.dip` from the root
    write(tmp_path, "examples/demo.dip", PARENT.replace("subgraphs/review.dip", "examples/c.dip"))
    child = write(tmp_path, "examples/c.dip", CHILD)
    assert [link.node.id for link in Workspace().parents(str(child))] == ["Review"]


def test_child_keys_its_parent_provides_and_reads_are_not_reported(tmp_path: Path) -> None:
    write(tmp_path, "parent.dip", PARENT)
    child = write(tmp_path, "subgraphs/review.dip", CHILD)
    assert findings(child) == [Finding("DIP107", "info", (8, 22), (8, 27), "notes")]
    assert messages(child, "DIP107") == [
        "`Check` writes `notes`, but no node reads it, nor does the workflow that runs it "
        "(`parent.dip` as `Review`)"
    ]


def test_child_without_its_parent_reports_the_keys(tmp_path: Path) -> None:
    # the twin of the test above: the same child next to a parent that runs another file
    write(tmp_path, "parent.dip", PARENT.replace("subgraphs/review.dip", "subgraphs/x.dip"))
    child = write(tmp_path, "flows/review.dip", CHILD)
    assert findings(child) == [
        Finding("DC101", "error", (5, 12), (5, 16), "plan"),
        Finding("DIP107", "info", (8, 13), (8, 20), "verdict"),
        Finding("DIP107", "info", (8, 22), (8, 27), "notes"),
    ]


def test_a_file_that_looks_like_a_child_says_so(tmp_path: Path) -> None:
    child = write(tmp_path, "subgraphs/review.dip", CHILD)
    assert findings(child) == [
        Finding("DC101", "info", (5, 12), (5, 16), "plan"),
        Finding("DIP107", "info", (8, 13), (8, 20), "verdict"),
        Finding("DIP107", "info", (8, 22), (8, 27), "notes"),
    ]
    [read, *_] = [m for code in ("DC101", "DIP107") for m in messages(child, code)]
    assert read.endswith(
        "; this file looks like a subgraph child (it is in a `subgraphs/` directory), but "
        "dipcheck found no workflow next to it or above it that runs it: a child starts from "
        "its parent's context, which may hold the key"
    )


def test_parent_counts_what_its_child_reads(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.dip", PARENT.replace("writes: plan", "writes: plan, spare"))
    write(tmp_path, "subgraphs/review.dip", CHILD)
    assert findings(parent) == [Finding("DIP107", "info", (6, 19), (6, 24), "spare")]
    # twin: a child that cannot be read may read anything
    missing = write(tmp_path, "p2.dip", PARENT.replace("subgraphs/review.dip", "nowhere.dip"))
    assert findings(missing) == []


def test_dc205_on_a_subgraph_reports_keys_the_child_never_writes(tmp_path: Path) -> None:
    text = PARENT.replace(
        "    ref: subgraphs/review.dip\n",
        "    ref: subgraphs/review.dip\n    writes: verdict, score\n",
    )
    parent = write(tmp_path, "parent.dip", text)
    write(tmp_path, "subgraphs/review.dip", CHILD)
    assert [f for f in findings(parent) if f.code == "DC205"] == [
        Finding("DC205", "warning", (9, 22), (9, 27), "score")
    ]
    assert messages(parent, "DC205") == [
        "`Review` declares `writes: score`, but its child `subgraphs/review.dip` never writes "
        "`score`: tracker merges the child's final context into this workflow, so the key "
        "arrives only if the child writes it"
    ]
    unread = write(tmp_path, "p3.dip", text.replace("subgraphs/review.dip", "nowhere.dip"))
    assert [f for f in findings(unread) if f.code == "DC205"] == []


def test_no_parent_above_the_tree_being_checked_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan went up two directories whatever the tree: run in `flow/`, a lint read
    `../leak.dip` and printed its name and node id (DIP107: "`leak.dip` as `hunter2_node`").
    It now stops at the tree being checked, the working directory here."""
    write(tmp_path, "leak.dip", PARENT.replace("subgraphs/review.dip", "flow/review.dip"))
    child = write(tmp_path, "flow/review.dip", CHILD)
    monkeypatch.chdir(tmp_path / "flow")
    assert Workspace().parents(str(child)) == ()
    messages = [item.message for item in lint_file(str(child)).diagnostics]
    assert not [message for message in messages if "leak.dip" in message]
    monkeypatch.chdir(tmp_path)  # the twin: from the project, the parent is found
    assert [Path(link.path).name for link in Workspace().parents(str(child))] == ["leak.dip"]


def _lint_from_elsewhere(
    tmp_path: Path, named: Path, jobs: str
) -> subprocess.CompletedProcess[str]:
    """``dipcheck lint NAMED`` as JSON, run from ``tmp_path/elsewhere`` (outside the tree)."""
    return dipcheck(
        "lint",
        "--isolated",
        "--no-cache",
        "-j",
        jobs,
        "--format",
        "json",
        named,
        cwd=tmp_path / "elsewhere",
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_no_parent_above_a_tree_named_outside_the_working_directory_is_read(
    tmp_path: Path, jobs: str
) -> None:
    """`dipcheck lint /checkout/flow` run from elsewhere (a CI step, a hook in another
    repository) searched two directories above each file whatever was named: it read
    `/checkout/leak.dip` and printed its name and node id. The search now stops at the
    directory named, in this process and in worker processes."""
    write(tmp_path, "leak.dip", PARENT.replace("subgraphs/review.dip", "flow/review.dip"))
    write(tmp_path, "flow/review.dip", CHILD)
    write(tmp_path, "flow/other.dip", CHILD)  # two files, so that `-j 2` uses a worker
    (tmp_path / "elsewhere").mkdir()
    named = _lint_from_elsewhere(tmp_path, tmp_path / "flow", jobs)
    assert named.returncode in (0, 1), named.stderr
    assert "leak.dip" not in named.stdout
    # the twin: with the directory above named, the parent is found and named
    above = _lint_from_elsewhere(tmp_path, tmp_path, jobs)
    notes = [
        (Path(item["file"]).name, item["code"], item["message"])
        for item in json.loads(above.stdout)["diagnostics"]
        if "leak.dip" in item["message"]
    ]
    assert notes == [
        (
            "review.dip",
            "DIP107",
            "`Check` writes `notes`, but no node reads it, nor does the workflow that runs it "
            "(`leak.dip` as `Review`)",
        )
    ], above.stdout


def test_a_cached_result_is_not_taken_from_a_run_whose_search_stopped_lower(
    tmp_path: Path,
) -> None:
    """The result cache keyed an entry by the file alone: after `dipcheck lint /checkout/flow`
    (the search stops at `flow`), `dipcheck lint /checkout` took the cached result and lost
    the note naming the parent found above. Where the search stops is part of the key."""
    write(tmp_path, "leak.dip", PARENT.replace("subgraphs/review.dip", "flow/review.dip"))
    write(tmp_path, "flow/review.dip", CHILD)
    (tmp_path / "elsewhere").mkdir()
    cache = {"DIPCHECK_CACHE_DIR": str(tmp_path / "cache")}

    def notes(named: Path) -> list[str]:
        run = dipcheck(
            "lint", "--isolated", "--format", "json", named, cwd=tmp_path / "elsewhere", env=cache
        )
        return [
            item["code"]
            for item in json.loads(run.stdout)["diagnostics"]
            if "leak.dip" in item["message"]
        ]

    assert notes(tmp_path / "flow") == []
    assert notes(tmp_path) == ["DIP107"]
    assert notes(tmp_path / "flow") == []  # (each run its own entry)

"""Cross-file checks (DIP109, DIP126, DIP135, DIP143, DIP146, DIP160) and the workspace that
resolves subgraph children: relative to the parent, with and without `.dip`, transitively,
refusing symbolic links, escapes and cycles, each child parsed once per run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import CORPUS, Finding, as_finding, dedent, dipcheck, template

from dipcheck.engine import lint_file, lint_paths
from dipcheck.workspace import MAX_DEPTH, Workspace

PARENT = template(
    """
    workflow Parent
      start: Start
      exit: Done
      agent Start
        label: Start
      subgraph Review
        ref: child.dip
        params:
          topic: docs
      agent Done
        label: Done
      edges
        Start -> Review
        Review -> Done
    """
)
CHILD = template(
    """
    workflow Child
      start: Work
      exit: Work
      inputs
        topic: text
          required: true
      agent Work
        prompt: Review ${inputs.topic}.
    """
)


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dedent(text))
    return path


def findings(path: Path, *codes: str) -> list[Finding]:
    result = lint_file(str(path))
    return [as_finding(item) for item in result.diagnostics if item.code in codes]


def messages(path: Path, code: str) -> list[str]:
    return [item.message for item in lint_file(str(path)).diagnostics if item.code == code]


# -- DIP126 / DIP135 -----------------------------------------------------------------------


def test_dip126_missing_child(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.dip", PARENT)
    assert findings(parent, "DIP126") == [
        Finding("DIP126", "warning", (7, 10), (7, 19), "child.dip")
    ]


def test_dip126_twins_with_and_without_the_suffix(tmp_path: Path) -> None:
    write(tmp_path, "child.dip", CHILD)
    parent = write(tmp_path, "parent.dip", PARENT)
    assert findings(parent, "DIP126") == []
    bare = write(tmp_path, "bare.dip", PARENT.replace("ref: child.dip", "ref: child"))
    assert findings(bare, "DIP126") == []


def test_dip126_names_the_directory_a_ref_only_works_from(tmp_path: Path) -> None:
    write(tmp_path, "flows/child.dip", CHILD)
    parent = write(tmp_path, "flows/parent.dip", PARENT.replace("child.dip", "flows/child.dip"))
    [message] = messages(parent, "DIP126")
    # an info: the ref works when tracker runs from the directory above (tracker's examples)
    assert [item.severity for item in findings(parent, "DIP126")] == ["info"]
    assert message == (
        "subgraph `Review` references `flows/child.dip`, which does not exist next to this "
        "workflow (tried as written and with `.dip`); it exists relative to `..` (the directory "
        "one level above this file's), so tracker, which next tries its working directory, "
        "finds it only when run from there"
    )


def test_dip126_found_above_is_a_cached_input(tmp_path: Path) -> None:
    """Whether the child exists one level up decides the severity (info or warning) and the
    exit status; the cached result kept the info after that file was removed (and the
    warning after it was created)."""
    write(tmp_path, "flows/child.dip", CHILD)
    write(tmp_path, "flows/parent.dip", PARENT.replace("child.dip", "flows/child.dip"))

    def severities(*extra: str) -> list[str]:
        document = json.loads(
            dipcheck(
                "lint",
                "--isolated",
                "--format",
                "json",
                *extra,
                "flows/parent.dip",
                cwd=tmp_path,
            ).stdout
        )
        return [item["severity"] for item in document["diagnostics"] if item["code"] == "DIP126"]

    assert severities() == ["info"] == severities()  # (the second from the cache)
    (tmp_path / "flows" / "child.dip").rename(tmp_path / "kept.dip")
    assert severities() == ["warning"] == severities("--no-cache")
    (tmp_path / "kept.dip").rename(tmp_path / "flows" / "child.dip")
    assert severities() == ["info"] == severities("--no-cache")


def test_dip126_says_nothing_of_files_above_the_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search for a directory a ref works from went up to `/`: `ref: .ssh/id_rsa` in a
    workflow told, in a CI log, whether the runner's home holds that file ("it exists relative
    to `../..`"). For a file in the working directory's tree it stops at that directory."""
    project = tmp_path / "project"
    write(tmp_path, "outside/child.dip", CHILD)
    text = PARENT.replace("child.dip", "outside/child.dip")
    parent = write(project, "flows/parent.dip", text)
    monkeypatch.chdir(project)
    assert findings(parent, "DIP126") == [
        Finding("DIP126", "warning", (7, 10), (7, 27), "outside/child.dip")
    ]
    assert messages(parent, "DIP126") == [
        "subgraph `Review` references `outside/child.dip`, which does not exist next to this "
        "workflow (tried as written and with `.dip`)"
    ]
    monkeypatch.chdir(tmp_path)  # the twin: the directory above is in the project now
    assert [item.severity for item in findings(parent, "DIP126")] == ["info"]


def test_dip126_says_nothing_of_files_above_a_tree_named_from_elsewhere(tmp_path: Path) -> None:
    """The same search for a project named on the command line from another directory (a CI
    step run from the runner's home): it stops at the directory named."""
    write(tmp_path, "outside/child.dip", CHILD)
    write(tmp_path, "project/flows/parent.dip", PARENT.replace("child.dip", "outside/child.dip"))
    (tmp_path / "elsewhere").mkdir()
    for named, severity in (("project", "warning"), (".", "info")):  # the twin: `.` holds it
        run = dipcheck(
            "lint",
            "--isolated",
            "--no-cache",
            "--select",
            "DIP126",
            "--format",
            "json",
            str(tmp_path / named),
            cwd=tmp_path / "elsewhere",
        )
        [item] = json.loads(run.stdout)["diagnostics"]
        assert (item["severity"], "exists relative to" in item["message"]) == (
            severity,
            severity == "info",
        )


def test_dip135_missing_and_empty_manager_child(tmp_path: Path) -> None:
    text = dedent(
        """
        workflow M
          start: Supervise
          exit: Supervise
          manager_loop Supervise
            subgraph_ref: missing.dip
            max_cycles: 3
        """
    )
    missing = write(tmp_path, "m.dip", text)
    assert findings(missing, "DIP135") == [
        Finding("DIP135", "warning", (5, 19), (5, 30), "missing.dip")
    ]
    # empty: the handler fails the run (reference §4.5, `missing required attribute
    # "subgraph_ref"`), whatever the working directory, so an error (it was a warning)
    empty = write(tmp_path, "e.dip", text.replace("subgraph_ref: missing.dip", "subgraph_ref:"))
    assert findings(empty, "DIP135") == [
        Finding("DIP135", "error", (5, 5), (5, 17), "subgraph_ref")
    ]
    assert messages(empty, "DIP135") == [
        "manager loop `Supervise` names no child workflow (`subgraph_ref:` is empty): its "
        'handler fails the run when it gets there (`missing required attribute "subgraph_ref"`)'
    ]
    write(tmp_path, "missing.dip", CHILD)
    assert findings(missing, "DIP135") == []


@pytest.mark.corpus
def test_corpus_testdata_with_missing_children() -> None:
    tracker = CORPUS / "tracker"
    if not tracker.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    expected = {
        "pipeline/testdata/manager_loop.dip": "DIP135",
        "testdata/expand_parent.dip": "DIP126",
        "testdata/expand_subgraph_params.dip": "DIP126",
    }
    for name, code in expected.items():
        assert [item.code for item in findings(tracker / name, "DIP126", "DIP135")] == [code]


# -- DIP109 --------------------------------------------------------------------------------


def test_dip109_same_child_with_the_same_bindings(tmp_path: Path) -> None:
    write(tmp_path, "child.dip", CHILD)
    second = "  subgraph Again\n    ref: child.dip\n    params:\n      topic: docs\n"
    parent = write(tmp_path, "p.dip", PARENT.replace("  agent Done\n", second + "  agent Done\n"))
    assert findings(parent, "DIP109") == [
        Finding("DIP109", "warning", (11, 10), (11, 19), "child.dip")
    ]
    reuse = write(
        tmp_path,
        "r.dip",
        PARENT.replace(
            "  agent Done\n", second.replace("topic: docs", "topic: code") + "  agent Done\n"
        ),
    )
    assert findings(reuse, "DIP109") == []


# -- DIP160 --------------------------------------------------------------------------------


def test_dip160_required_input_not_bound(tmp_path: Path) -> None:
    write(tmp_path, "child.dip", CHILD)
    parent = write(tmp_path, "p.dip", PARENT.replace("topic: docs", "depth: 2"))
    assert findings(parent, "DIP160") == [
        Finding("DIP160", "warning", (7, 10), (7, 19), "child.dip")
    ]
    [item] = [item for item in lint_file(str(parent)).diagnostics if item.code == "DIP160"]
    assert item.related[0].span.path.endswith("child.dip")
    assert findings(write(tmp_path, "q.dip", PARENT), "DIP160") == []


# -- DIP143 / DIP146 -----------------------------------------------------------------------

RESTRICTED = PARENT.replace("label: Start", "prompt: Triage.\n    tool_access: none")


def test_dip146_child_restricts_no_agent(tmp_path: Path) -> None:
    write(tmp_path, "child.dip", CHILD)
    parent = write(tmp_path, "p.dip", RESTRICTED)
    assert findings(parent, "DIP146", "DIP143") == [
        Finding("DIP146", "hint", (8, 10), (8, 19), "child.dip")
    ]


def test_dip143_twin_and_partial_child(tmp_path: Path) -> None:
    write(
        tmp_path, "child.dip", CHILD.replace("prompt: Review", "tool_access: none\n    prompt: R")
    )
    parent = write(tmp_path, "p.dip", RESTRICTED)
    assert findings(parent, "DIP146", "DIP143") == []  # every child agent restricted
    partial = CHILD + "  agent Other\n    prompt: Other.\n"
    write(
        tmp_path, "child.dip", partial.replace("prompt: Review", "tool_access: none\n    prompt: R")
    )
    assert findings(parent, "DIP146", "DIP143") == [
        Finding("DIP143", "hint", (8, 10), (8, 19), "child.dip")
    ]
    assert findings(write(tmp_path, "open.dip", PARENT), "DIP146", "DIP143") == []


def test_dip143_unresolvable_child(tmp_path: Path) -> None:
    parent = write(tmp_path, "p.dip", RESTRICTED)
    assert [item.code for item in findings(parent, "DIP143", "DIP146")] == ["DIP143"]


def test_dip146_transitive_child_is_reported_on_the_parent_ref(tmp_path: Path) -> None:
    middle = CHILD.replace("prompt: Review", "tool_access: none\n    prompt: R") + (
        "  subgraph Deeper\n    ref: leaf.dip\n"
    )
    write(tmp_path, "child.dip", middle)
    write(tmp_path, "leaf.dip", CHILD)
    parent = write(tmp_path, "p.dip", RESTRICTED)
    [item] = [
        item for item in lint_file(str(parent)).diagnostics if item.code in ("DIP146", "DIP143")
    ]
    assert (item.code, item.span.text) == ("DIP146", "child.dip")
    assert "child.dip → leaf.dip" in item.message
    assert item.related[0].span.text == "leaf.dip"


# -- the workspace -------------------------------------------------------------------------


def test_workspace_parses_each_child_once(tmp_path: Path) -> None:
    write(tmp_path, "child.dip", CHILD)
    parents = [write(tmp_path, f"p{index}.dip", PARENT) for index in range(3)]
    workspace = Workspace()
    children = [workspace.child(str(parent), "child.dip") for parent in parents]
    assert workspace.loads == 1
    assert all(child.workflow is children[0].workflow is not None for child in children)


def test_lint_paths_shares_one_workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "sub/child.dip", CHILD)
    for index in range(3):
        write(tmp_path, f"p{index}.dip", PARENT.replace("child.dip", "sub/child.dip"))
    parsed: list[str] = []
    original = Workspace._parse

    def counting(self: Workspace, real: str, text: str, key: str, read: object) -> object:
        parsed.append(real)
        return original(self, real, text, key, read)  # type: ignore[arg-type]

    monkeypatch.setattr(Workspace, "_parse", counting)
    results = lint_paths([str(tmp_path)], jobs=1)
    assert [os.path.basename(path) for path in parsed] == ["child.dip"]
    # each parent's result records the child it read, for the result cache
    child = str(tmp_path / "sub" / "child.dip")
    parents = [result for result in results if os.path.basename(result.path).startswith("p")]
    assert len(parents) == 3 and all(child in result.dependencies for result in parents)


def test_workspace_refuses_symlinks_escapes_and_cycles(tmp_path: Path) -> None:
    write(tmp_path, "outside/child.dip", CHILD)
    inner = tmp_path / "root"
    parent = write(inner, "p.dip", PARENT)
    (inner / "link.dip").symlink_to(tmp_path / "outside" / "child.dip")
    workspace = Workspace()
    link = workspace.child(str(parent), "link.dip")
    assert link.workflow is None and link.problem is not None and "symbolic link" in link.problem
    escape = workspace.child(str(parent), "../outside/child.dip")
    assert escape.workflow is None and escape.problem is not None and "outside" in escape.problem
    assert not escape.missing
    (inner / "loop.dip").symlink_to(inner / "loop.dip")
    looping = workspace.child(str(parent), "loop.dip")
    assert looping.workflow is None and not looping.missing
    cyclic = write(inner, "self.dip", PARENT.replace("child.dip", "self.dip"))
    assert workspace.child(str(cyclic), "self.dip").problem == "the reference forms a cycle"


def test_workspace_walk_is_depth_capped(tmp_path: Path) -> None:
    for index in range(MAX_DEPTH + 2):
        write(tmp_path, f"c{index}.dip", PARENT.replace("child.dip", f"c{index + 1}.dip"))
    entry = tmp_path / "c0.dip"
    workflow = lint_file(str(entry)).workflow
    assert workflow is not None
    links = list(Workspace().walk(str(entry), workflow))
    assert len(links) == MAX_DEPTH + 1
    assert links[-1].child.problem == f"it is more than {MAX_DEPTH} levels deep"


def test_the_result_cache_knows_parents_depend_on_their_children(tmp_path: Path) -> None:
    from dipcheck.cache import ResultCache
    from dipcheck.config import Config

    parent = write(tmp_path, "p.dip", PARENT)
    hits: list[int] = []

    def codes() -> list[str]:  # one run, as `dipcheck lint` does
        cache = ResultCache(str(tmp_path / "cache"), Config())
        [result] = lint_paths([str(parent)], cache=cache, jobs=1)
        hits.append(cache.hits)
        return [item.code for item in result.diagnostics if item.code in ("DIP126", "DIP160")]

    assert codes() == ["DIP126"]  # the child is missing
    assert codes() == ["DIP126"] and hits[-1] == 1  # nothing changed: served from the cache
    write(tmp_path, "child.dip", CHILD.replace("topic: text", "subject: text"))
    assert codes() == ["DIP160"]  # the child appeared: the parent is linted again
    write(tmp_path, "child.dip", CHILD)
    assert codes() == []  # the child changed: the parent is linted again

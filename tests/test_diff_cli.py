"""``dipcheck diff`` as a process: consecutive versions of fixtures/diff list exactly the
changes made (and what they do to routing and findings), in text, Markdown and JSON; versions
read from git with ``git:REV:path``; the errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from helpers import FIXTURES, dipcheck

VERSIONS = FIXTURES / "diff"


def _document(old: Path | str, new: Path | str, *options: str, cwd: Path | None = None) -> Any:
    done = dipcheck("diff", old, new, "--format", "json", *options, **({"cwd": cwd} if cwd else {}))
    assert done.returncode in (0, 1), done.stderr
    document = json.loads(done.stdout)
    assert done.returncode == (0 if document["summary"]["empty"] else 1)
    return document


def _changes(document: Any) -> list[tuple[str, str, str, str]]:
    return [
        (item["kind"], item["what"], item["subject"], item["detail"])
        for item in document["changes"]
    ]


def test_version_1_to_2() -> None:
    document = _document(VERSIONS / "v1.dip", VERSIONS / "v2.dip")
    assert _changes(document) == [
        ("changed", "setting", "defaults.max_restarts", ""),
        ("added", "node", "Review", "agent"),
        ("added", "field", "Fix", "model"),
        ("changed", "prompt", "Build", "prompt"),
        ("added", "edge", "Review -> Done", ""),
        ("removed", "edge", "Test -> Done", ""),
        ("added", "edge", "Test -> Review", ""),
    ]
    prompt = document["changes"][3]
    assert prompt["old"] == "Build the release.\nUse the Makefile."
    assert prompt["new"] == "Build the release.\nUse the Makefile, then `make dist`."
    assert (prompt["old_line"], prompt["new_line"]) == (15, 15)
    assert document["routing"] == []
    assert document["findings"] == {"introduced": [], "fixed": []}


def test_version_2_to_3_with_its_routing_effects_and_findings() -> None:
    document = _document(VERSIONS / "v2.dip", VERSIONS / "v3.dip")
    assert _changes(document) == [
        ("removed", "field", "Test", "timeout"),
        ("changed", "condition", "Test -> Fix", ""),
        ("changed", "order", "Test", "edges tried"),
    ]
    condition = document["changes"][1]
    assert (condition["old"], condition["new"]) == ('outcome = "fail"', 'outcome = "failure"')
    assert [(item["kind"], item["subject"]) for item in document["routing"]] == [
        ("dead", "Fix -> Test"),
        ("dead", 'Test -> Fix when outcome = "failure"'),
        ("exit-lost", "Fix"),
    ]
    assert [(item["code"], item["severity"]) for item in document["findings"]["introduced"]] == [
        ("DC332", "warning"),  # a failed Test now matches none of its conditional edges
        ("DIP111", "warning"),
        ("DC313", "warning"),
    ]
    assert document["findings"]["fixed"] == []


def test_a_new_layout_is_no_change() -> None:
    document = _document(VERSIONS / "v3.dip", VERSIONS / "v4.dip")
    assert document["changes"] == [] and document["routing"] == []
    assert document["findings"] == {"introduced": [], "fixed": []}
    assert document["summary"]["empty"] is True
    text = dipcheck("diff", VERSIONS / "v3.dip", VERSIONS / "v4.dip")
    assert text.returncode == 0
    assert text.stdout.endswith("v4.dip: no semantic change\n")


def test_text_and_markdown() -> None:
    text = dipcheck("diff", VERSIONS / "v2.dip", VERSIONS / "v3.dip")
    assert text.returncode == 1
    lines = text.stdout.splitlines()
    assert lines[0].endswith("v3.dip: 3 changes, 3 routing effects, 3 findings introduced, 0 fixed")
    assert (
        '  ~ condition of edge `Test -> Fix`: `outcome = "fail"` → `outcome = "failure"`  [new:36]'
        in lines
    )
    assert "  * node `Fix` is no longer on any run that reaches the exit" in lines
    markdown = dipcheck(
        "diff",
        VERSIONS / "v1.dip",
        VERSIONS / "v2.dip",
        "--format",
        "markdown",
        "--title",
        "release.dip",
    )
    assert markdown.returncode == 1
    body = markdown.stdout
    assert body.startswith("### release.dip\n\n**7 changes, 0 routing effects")
    assert "| + | node `Review` (agent) | new:27 |" in body
    assert "<details><summary>prompt `prompt` of `Build` (+1 -1 lines)</summary>" in body
    assert (
        "```diff\n@@ -1,2 +1,2 @@\n Build the release.\n-Use the Makefile.\n"
        "+Use the Makefile, then `make dist`.\n```" in body
    )
    zero = dipcheck("diff", VERSIONS / "v1.dip", VERSIONS / "v2.dip", "--exit-zero")
    assert zero.returncode == 0


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    """release.dip at three commits (v1, v2, v3), its prompt file changed along with it."""
    repo = tmp_path / "repo"
    (repo / "flows" / "prompts").mkdir(parents=True)
    _git(repo, "init", "-q")
    for number in (1, 2, 3):
        text = (VERSIONS / f"v{number}.dip").read_text(encoding="utf-8")
        text = text.replace("prompt: Review the release notes.", "prompt_file: prompts/review.md")
        (repo / "flows" / "release.dip").write_text(text, encoding="utf-8")
        (repo / "flows" / "prompts" / "review.md").write_text(
            f"Review the notes ({number}).\n", encoding="utf-8"
        )
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"v{number}")
    return repo


def test_versions_from_git(repository: Path) -> None:
    document = _document(
        "git:HEAD~2:flows/release.dip", "git:HEAD~1:flows/release.dip", cwd=repository
    )
    assert _changes(document) == _changes(_document(VERSIONS / "v1.dip", VERSIONS / "v2.dip"))
    assert document["old"] == "HEAD~2:flows/release.dip"
    # the prompt file is read from the same commit: v2 → v3 changes the review prompt too
    later = _document("git:HEAD~1:flows/release.dip", "flows/release.dip", cwd=repository)
    assert ("changed", "prompt", "Review", "prompt") in _changes(later)
    prompt = next(item for item in later["changes"] if item["subject"] == "Review")
    assert (prompt["old"], prompt["new"]) == ("Review the notes (2).", "Review the notes (3).")
    inside = _document("git:HEAD:release.dip", "release.dip", cwd=repository / "flows")
    assert inside["summary"]["empty"] is True  # paths are taken from the current directory


def test_a_version_from_git_has_the_settings_of_its_folder(repository: Path) -> None:
    """With `git:REV:path` as the new version, the working directory's configuration file
    was used, not the one closest to the path: the findings changed with the order."""
    (repository / "flows" / "dipcheck.toml").write_text('ignore = ["DIP111"]\n', encoding="utf-8")
    forward = _document("git:HEAD~1:flows/release.dip", "flows/release.dip", cwd=repository)
    backward = _document("flows/release.dip", "git:HEAD~1:flows/release.dip", cwd=repository)
    both = _document("git:HEAD~1:flows/release.dip", "git:HEAD:flows/release.dip", cwd=repository)

    def findings(document: Any, kind: str) -> list[str]:
        return sorted(item["code"] for item in document["findings"][kind])

    assert findings(forward, "introduced") == findings(backward, "fixed")
    assert findings(forward, "fixed") == findings(backward, "introduced")
    assert findings(both, "introduced") == findings(forward, "introduced")
    # the twin: the settings matter here (without them DIP111 is introduced too)
    isolated = _document(
        "git:HEAD~1:flows/release.dip", "flows/release.dip", "--isolated", cwd=repository
    )
    assert findings(isolated, "introduced") != findings(forward, "introduced")


def test_versions_from_git_in_a_directory_that_is_not_utf8(tmp_path: Path) -> None:
    """`git rev-parse --show-toplevel` names the repository as its bytes: a directory
    `r\\xff` (or a file name that is not UTF-8) ended `diff git:…` with a Unicode traceback."""
    repo = Path(os.fsdecode(os.fsencode(tmp_path) + b"/r\xff"))
    repo.mkdir()
    _git(repo, "init", "-q")
    name = os.fsdecode(b"n\xfe.dip")
    shutil.copy(VERSIONS / "v1.dip", repo / name)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "v1")
    shutil.copy(VERSIONS / "v2.dip", repo / name)
    run = dipcheck("diff", "--format", "json", f"git:HEAD:{name}", name, cwd=repo)
    assert run.returncode == 1, run.stderr
    assert _changes(json.loads(run.stdout)) == _changes(
        _document(VERSIONS / "v1.dip", VERSIONS / "v2.dip")
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("git:--output={victim}:flows/release.dip", "is not a revision dipcheck accepts"),
        ("git:HEAD..main:flows/release.dip", "is not a revision dipcheck accepts"),
        ("git:HEAD:--help", "the path cannot start with `-`"),
        ("git:HEAD", "write git:REV:path"),
        ("git:HEAD:../outside.dip", "outside the git repository"),
        ("git:no-such-branch:flows/release.dip", "no-such-branch"),
    ],
)
def test_unsafe_or_wrong_git_versions_are_refused(
    repository: Path, tmp_path: Path, spec: str, message: str
) -> None:
    victim = tmp_path / "victim"  # what `git --output=` would write, were it passed on
    done = dipcheck("diff", spec.format(victim=victim), "flows/release.dip", cwd=repository)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr
    assert not victim.exists()


def test_errors(tmp_path: Path) -> None:
    missing = dipcheck("diff", tmp_path / "a.dip", VERSIONS / "v1.dip")
    assert missing.returncode == 2 and "a.dip" in missing.stderr
    (tmp_path / "empty.dip").write_text("\n", encoding="utf-8")
    empty = dipcheck("diff", VERSIONS / "v1.dip", tmp_path / "empty.dip")
    assert empty.returncode == 2 and "not a workflow dipcheck can load" in empty.stderr
    outside = dipcheck("diff", "git:HEAD:v1.dip", VERSIONS / "v1.dip", cwd=tmp_path)
    assert outside.returncode == 2 and "not a git repository" in outside.stderr.lower()


def test_formats_can_differ(tmp_path: Path) -> None:
    """A .dot pipeline and its .dip conversion compare as tracker runs them: no change; an
    edit on one side is found across the formats."""
    dot = FIXTURES / "dot" / "review.dot"
    dip = tmp_path / "review.dip"
    converted = dipcheck("convert", dot, "--to", "dip", "-o", dip)
    assert converted.returncode == 0, converted.stderr
    assert _document(dot, dip)["summary"]["empty"] is True
    dip.write_text(dip.read_text(encoding="utf-8").replace("label: fix", "label: repair"))
    assert _changes(_document(dot, dip)) == [("changed", "edge", "Test -> Build", "routing key")]


def test_an_always_true_condition_is_not_a_dead_edge(tmp_path: Path) -> None:
    """DC303 also reports a condition that always holds (a human gate's `outcome = success`):
    such an edge fires, so a file diffed with itself has no routing effect (found by
    test_semdiff_properties)."""
    text = (
        "workflow W\n  start: Start\n  exit: Done\n  agent Start\n    label: Start\n"
        "  agent Done\n    label: Done\n  human Ask\n    label: Go?\n  edges\n"
        "    Start -> Ask\n    Ask -> Done  when ctx.outcome = success\n"
    )
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    done = dipcheck("diff", tmp_path / "w.dip", tmp_path / "w.dip")
    assert done.returncode == 0, done.stdout
    assert done.stdout.endswith("w.dip: no semantic change\n")


def test_a_never_true_condition_the_label_still_takes_is_not_a_dead_edge(tmp_path: Path) -> None:
    """DC303 says `outcome = fail` after a choice gate is never true, but the answer picks the
    edge by its label whatever its condition (edge selection's label step), and the explorer
    takes it: a file diffed with itself has no routing effect (found by
    test_semdiff_properties in CI)."""
    text = (
        "workflow W\n  start: Start\n  exit: Done\n  agent Start\n    label: Start\n"
        "  agent Done\n    label: Done\n  human Ask\n    label: Go?\n  edges\n"
        "    Start -> Ask\n    Ask -> Done  when ctx.outcome = fail\n"
    )
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    lint = dipcheck("lint", "--isolated", "--no-cache", "--format", "concise", tmp_path / "w.dip")
    assert "DC303 [warning] the condition on `Ask -> Done` is never true" in lint.stdout
    done = dipcheck("diff", tmp_path / "w.dip", tmp_path / "w.dip")
    assert done.returncode == 0, done.stdout
    assert done.stdout.endswith("w.dip: no semantic change\n")


def test_a_blob_over_the_limit_is_refused_before_it_is_read(
    repository: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its size is asked first (`git cat-file --batch-check`): `git show` of a 300 MB blob
    was read whole into memory, and only then found too large."""
    from dipcheck.files import MAX_INCLUDED_BYTES
    from dipcheck.semdiff import sources

    (repository / "big.dip").write_bytes(b"#" * (MAX_INCLUDED_BYTES * 2 + 1))
    _git(repository, "add", "big.dip")
    _git(repository, "commit", "-q", "-m", "big")
    asked: list[list[str]] = []
    real = sources._git

    def recording(args: list[str], cwd: str, stdin: bytes | None = None) -> bytes:
        asked.append(args)
        return real(args, cwd, stdin)

    monkeypatch.setattr(sources, "_git", recording)
    monkeypatch.chdir(repository)
    with pytest.raises(sources.SourceError, match=r"^HEAD:big.dip is too large$"):
        sources.read_version("git:HEAD:big.dip")
    assert [args[:2] for args in asked] == [
        ["rev-parse", "--show-toplevel"],
        ["ls-tree", "-z"],  # (the entry's mode: a symbolic link is not read as text)
        ["cat-file", "--batch-check"],
    ]
    done = dipcheck("diff", "git:HEAD:big.dip", "flows/release.dip", cwd=repository)
    assert (done.returncode, done.stderr) == (
        2,
        "dipcheck diff: error: HEAD:big.dip is too large\n",
    )


def test_a_directory_in_git_is_not_a_version(repository: Path) -> None:
    done = dipcheck("diff", "git:HEAD:flows", "flows/release.dip", cwd=repository)
    assert (done.returncode, done.stderr) == (
        2,
        "dipcheck diff: error: HEAD:flows: a tree, not a file's text\n",
    )


FENCED = """workflow W
  start: Start
  exit: Done
  agent Start
    label: Start
  agent Build
    prompt:
      Run:
      ```
      make build ![x](https://example.invalid/t.png) @some-org/everyone
      ```
      Then stop.
  agent Done
    label: {label}
  edges
    Start -> Build
    Build -> Done
"""


def test_markdown_keeps_workflow_text_inside_its_fences_and_code_spans(tmp_path: Path) -> None:
    """A prompt's own ``` line (indented by the diff's one space) closed the ```diff fence, so
    the lines after it rendered as Markdown in the pull-request comment (an image, a team
    mention); a backtick in a value ended its code span in the table (tenth audit)."""
    (tmp_path / "old.dip").write_text(FENCED.format(label="Done"), encoding="utf-8")
    new = FENCED.format(label="x` **bold** <sub>html</sub> `y").replace(
        "make build ![x]", "make build dist ![x]"
    )
    (tmp_path / "new.dip").write_text(new, encoding="utf-8")
    result = dipcheck("diff", "old.dip", "new.dip", "--format", "markdown", cwd=tmp_path)
    lines = result.stdout.splitlines()
    opening = lines.index("````diff")  # one backtick more than the prompt's own fences
    closing = lines.index("````", opening + 1)
    assert lines[opening + 1 : closing] == [
        "@@ -2,3 +2,3 @@",
        " ```",
        "-make build ![x](https://example.invalid/t.png) @some-org/everyone",
        "+make build dist ![x](https://example.invalid/t.png) @some-org/everyone",
        " ```",
    ]
    assert "| ~ | field `label` of `Done`: `Done` → ``x` **bold** <sub>html</sub> `y`` |" in (
        result.stdout
    )
    assert "<summary>prompt `prompt` of `Build` (+1 -1 lines)</summary>" in result.stdout
    # the twin: text without backticks keeps the plain fence and single backticks
    (tmp_path / "new.dip").write_text(
        FENCED.replace("```", "---").format(label="Finished"), encoding="utf-8"
    )
    (tmp_path / "old.dip").write_text(
        FENCED.replace("```", "---").format(label="Done"), encoding="utf-8"
    )
    plain = dipcheck("diff", "old.dip", "new.dip", "--format", "markdown", cwd=tmp_path)
    assert "| ~ | field `label` of `Done`: `Done` → `Finished` |" in plain.stdout


def test_a_symbolic_link_in_the_working_tree_does_not_change_the_path_read_from_git(
    repository: Path,
) -> None:
    """`git:REV:path` resolved the working tree's link: a pull request that made
    `release.dip` a link to `other.dip` was compared as `other.dip` in both commits (no
    change reported), and a link out of the repository was "outside the git repository"
    (eleventh audit). The path is the commit's; a link in a commit is said to be one."""
    flows = repository / "flows"
    (flows / "other.dip").write_text((VERSIONS / "v1.dip").read_text(encoding="utf-8"))
    _git(repository, "add", "-A")
    _git(repository, "commit", "-q", "-m", "other")
    (flows / "release.dip").unlink()
    (flows / "release.dip").symlink_to("other.dip")
    _git(repository, "add", "-A")
    _git(repository, "commit", "-q", "-m", "link")
    result = dipcheck(
        "diff", "git:HEAD~1:flows/release.dip", "git:HEAD:flows/release.dip", cwd=repository
    )
    assert (result.returncode, result.stderr.strip()) == (
        2,
        "dipcheck diff: error: HEAD:flows/release.dip: a symbolic link in that commit, not a "
        "file's text",
    )
    # the twin: the commit before, a file in both, is read from git (v3 against v3)
    before = dipcheck(
        "diff", "git:HEAD~2:flows/release.dip", "git:HEAD~1:flows/release.dip", cwd=repository
    )
    assert before.returncode == 0 and "no semantic change" in before.stdout

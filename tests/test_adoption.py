"""Adopting dipcheck on existing files: --add-ignore as a process (on a copy of the corpus
too), block `disable`/`enable` suppressions, DC903, and the fix that removes unused codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import CORPUS, FIXTURES, Finding, dedent, dipcheck, lint, template

BASE = template(
    """
    workflow Sup
      start: A
      exit: Done
      agent A
        prompt:
          Use ${ctx.from_env} here.
      agent B
        prompt: And ${ctx.other} there.
      agent Done
        label: Done
      edges
        A -> B
        B -> Done
    """
)


def _codes(directory: Path) -> list[str]:
    result = dipcheck("lint", "--isolated", "--no-cache", "--format", "json", ".", cwd=directory)
    return [item["code"] for item in json.loads(result.stdout)["diagnostics"]]


def test_add_ignore_suppresses_everything_and_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_text(BASE.replace("B -> Done", "B -> Dnoe"), encoding="utf-8")
    assert sorted(_codes(tmp_path)) == ["DC102", "DC102", "DIP003", "DIP004"]
    first = dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    assert first.returncode == 0
    assert first.stderr == "Added suppressions for 4 findings in 1 file.\n"
    text = path.read_text(encoding="utf-8")
    assert "    # dipcheck: ignore[DC102]\n    prompt:\n" in text  # above the block key
    assert "prompt: And ${ctx.other} there.  # dipcheck: ignore[DC102]\n" in text
    assert "B -> Dnoe  # dipcheck: ignore[DIP003]\n" in text
    assert _codes(tmp_path) == []
    second = dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    assert second.stderr == "Added suppressions for 0 findings in 0 files.\n"
    assert path.read_text(encoding="utf-8") == text


def test_add_ignore_merges_codes_of_one_line_and_extends_a_comment(tmp_path: Path) -> None:
    text = BASE.replace(
        "prompt: And ${ctx.other} there.",
        "prompt: And ${ctx.other} ${ctx.node.Nope.x} there.",
    )
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    written = (tmp_path / "w.dip").read_text(encoding="utf-8")
    assert "there.  # dipcheck: ignore[DC102, DC105]\n" in written
    assert _codes(tmp_path) == []


def test_add_ignore_puts_a_finding_in_a_prompt_file_on_the_directive(tmp_path: Path) -> None:
    (tmp_path / "p.md").write_text("Check ${ctx.outcome}.\n", encoding="utf-8")
    text = BASE.replace("    prompt: And ${ctx.other} there.", "    prompt_file: p.md")
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    assert "DC202" in _codes(tmp_path)
    dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    assert "prompt_file: p.md  # dipcheck: ignore[DC202]\n" in (tmp_path / "w.dip").read_text()
    assert (tmp_path / "p.md").read_text() == "Check ${ctx.outcome}.\n"
    assert _codes(tmp_path) == []


def test_add_ignore_on_the_broken_step_workflows(tmp_path: Path) -> None:
    shutil.copytree(FIXTURES / "steps", tmp_path / "steps")
    assert len(_codes(tmp_path)) == 12
    dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    assert _codes(tmp_path) == []
    text = (tmp_path / "steps" / "broken_flow.yaml").read_text(encoding="utf-8")
    assert "    # dipcheck: ignore[DC103]\n    prompt: |\n" in text  # above a block scalar
    assert "inputs: [plan, review]  # dipcheck: ignore[DC104]\n" in text


def test_add_ignore_leaves_syntax_errors(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(BASE.replace("  agent B\n", "  agnet B\n"), encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    assert "DC001" in _codes(tmp_path)
    # said, not silent: the summary alone read as if every finding were now hidden
    assert run.stderr == (
        "Added suppressions for 3 findings in 1 file.\n"
        "1 finding left, which a comment does not hide: 1 loading error (mend the file); "
        "`dipcheck lint` shows it.\n"
    )
    # a file that cannot be read is one too (its DC002)
    (tmp_path / "bad.dip").write_bytes(b"\xff\xfe")
    run = dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=tmp_path)
    assert run.stderr.endswith(": 2 loading errors (mend the file); `dipcheck lint` shows them.\n")
    assert sorted(_codes(tmp_path)) == ["DC001", "DC002"]


@pytest.mark.corpus
def test_add_ignore_writes_no_comment_into_an_ordewell_reply(tmp_path: Path) -> None:
    """JSON has no comments: `# dipcheck: ignore[O14]` after the `{"tasks": [` of a reply's
    last plan made that plan invalid JSON, and the lint then found nothing (the O02 of the
    plan was gone too) while Ordewell silently ran the first draft."""
    reply = tmp_path / "reply.txt"
    shutil.copy(FIXTURES / "ordewell" / "reply-two-drafts.txt", reply)
    original = reply.read_bytes()
    run = dipcheck(
        "lint", "--isolated", "--dialect", "ordewell", "--add-ignore", reply.name, cwd=tmp_path
    )
    assert run.returncode == 0
    assert run.stderr == (
        "dipcheck: warning: reply.txt: left unchanged, an Ordewell plan is JSON, which has no "
        "comments (`per-file-ignores` in the configuration can hide its findings)\n"
        "Added suppressions for 0 findings in 0 files.\n"
        "2 findings left, which a comment does not hide: 2 in a file left as it was; "
        "`dipcheck lint` shows them.\n"
    )
    assert reply.read_bytes() == original
    after = dipcheck(
        "lint",
        "--isolated",
        "--dialect",
        "ordewell",
        "--format",
        "concise",
        "-q",
        reply.name,
        cwd=tmp_path,
    )
    assert [line.split(" ")[1] for line in after.stdout.splitlines()] == ["O14", "O02"]


def test_add_ignore_on_a_copy_of_the_corpus(tmp_path: Path) -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    copy = tmp_path / "tracker"
    # contents only: a read-only corpus (as in CI) must give writable copies, since
    # --add-ignore leaves a read-only file alone
    shutil.copytree(CORPUS / "tracker", copy, copy_function=shutil.copyfile)
    assert _codes(copy)  # the corpus has findings
    first = dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=copy)
    assert first.returncode == 0, first.stderr
    # a syntax error is not adopted: megaplan_quality.dot's `human.default_choice`, which
    # tracker's DOT parser rejects (tracker commit d4ab4d2 fixed its two siblings)
    assert [code for code in _codes(copy) if not code.startswith("DC9")] == ["DC001"]
    before = {path: path.read_bytes() for path in copy.rglob("*.dip")}
    second = dipcheck("lint", "--isolated", "--add-ignore", ".", cwd=copy)
    assert second.stderr == (
        "Added suppressions for 0 findings in 0 files.\n1 finding left, which a comment does "
        "not hide: 1 loading error (mend the file); `dipcheck lint` shows it.\n"
    )
    assert {path: path.read_bytes() for path in copy.rglob("*.dip")} == before


# -- block suppressions -----------------------------------------------------------------------

DC102_B = Finding("DC102", "warning", (8, 17), (8, 29), "${ctx.other}")


def test_disable_enable_block() -> None:
    text = BASE.replace("  agent A\n", "  # dipcheck: disable[DC102]\n  agent A\n").replace(
        "  agent B\n", "  # dipcheck: enable[DC102]\n  agent B\n"
    )
    assert lint(text) == [
        Finding("DC102", "warning", (10, 17), (10, 29), "${ctx.other}")
    ]  # A's finding is inside the block, B's is after it


def test_disable_without_enable_runs_to_the_end_of_the_file() -> None:
    text = BASE.replace("  agent A\n", "  # dipcheck: disable[context-flow-free, DC1]\n  agent A\n")
    assert [item.code for item in lint(text)] == ["DC902"]  # the unknown name only


def test_enable_that_ends_nothing_is_dc903() -> None:
    text = BASE.replace("  agent B\n", "  # dipcheck: enable[DC104]\n  agent B\n")
    assert [item for item in lint(text) if item.code == "DC903"] == [
        Finding("DC903", "warning", (7, 22), (7, 27), "DC104")
    ]


def test_unused_disable_code_is_dc901_with_a_fix(tmp_path: Path) -> None:
    text = BASE.replace("  agent A\n", "  # dipcheck: disable[DC102, DIP003]\n  agent A\n")
    assert [item for item in lint(text) if item.code == "DC901"] == [
        Finding("DC901", "warning", (4, 30), (4, 36), "DIP003")
    ]
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    dipcheck("lint", "--isolated", "--fix", "w.dip", cwd=tmp_path)
    assert "  # dipcheck: disable[DC102]\n  agent A\n" in (tmp_path / "w.dip").read_text()


def test_dc901_fix_removes_a_lone_comment_line(tmp_path: Path) -> None:
    text = BASE.replace("  agent Done\n", "  # dipcheck: ignore[DIP003]\n  agent Done\n")
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    dipcheck("lint", "--isolated", "--fix", "w.dip", cwd=tmp_path)
    assert (tmp_path / "w.dip").read_text(encoding="utf-8") == dedent(BASE)


# -- comments are added where the format's reader sees comments, never inside text ---------
# (seventh audit: the comment scanner did not read strings as the readers do)


def _adopt(tmp_path: Path, name: str, text: str) -> str:
    """--add-ignore on ``text`` as ``name``: what it wrote, checked to hide every finding and
    to change nothing on a second run."""
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    dipcheck("lint", "--isolated", "--no-cache", "--add-ignore", name, cwd=tmp_path)
    written = path.read_bytes().decode("utf-8")
    assert _codes(tmp_path) == [], written
    dipcheck("lint", "--isolated", "--no-cache", "--add-ignore", name, cwd=tmp_path)
    assert path.read_bytes().decode("utf-8") == written  # (idempotent)
    return written


DOT_HEAD = "digraph P {\n  s [shape=Mdiamond]\n  e [shape=Msquare]\n"


def test_a_dot_label_holding_comment_text_is_left_as_it_was(tmp_path: Path) -> None:
    line = '  B [shape=box, label="usage: // dipcheck: ignore[CODE]", promt="y"]'
    written = _adopt(tmp_path, "p.dot", DOT_HEAD + line + "\n  s -> B\n  B -> e\n}\n")
    assert written.splitlines()[3] == line + "  // dipcheck: ignore[DIP110, DC004]"


def test_a_dot_statement_before_an_open_block_comment_gets_the_comment_above(
    tmp_path: Path,
) -> None:
    """Appended after `/* a block`, `// dipcheck: ignore[DC102]` was inside the comment."""
    statement = '  B [shape=box, prompt="use ${ctx.plan_sumary}"] /* a block\n  comment */\n'
    written = _adopt(tmp_path, "p.dot", DOT_HEAD + statement + "  s -> B -> e\n}\n")
    assert written == DOT_HEAD + "  // dipcheck: ignore[DC102]\n" + statement + "  s -> B -> e\n}\n"


def test_a_multi_line_dot_html_label_gets_the_comment_above_its_statement(
    tmp_path: Path,
) -> None:
    statement = '  A [promt="x", label=<\n    <table><tr><td>x</td></tr></table>>]\n'
    written = _adopt(tmp_path, "p.dot", DOT_HEAD + statement + "  s -> A\n  A -> e\n}\n")
    assert "  // dipcheck: ignore[DC005, DC004]\n" + statement in written


def test_a_multi_line_yaml_quoted_string_gets_the_comment_above_its_key(tmp_path: Path) -> None:
    prompt = '    prompt: "Summarise: {{ plann.result }}\n      and more text"\n'
    text = (
        "name: demo\nsteps:\n  - name: plan\n    agent: architect\n    prompt: Plan it.\n"
        "    next: summarise\n  - name: summarise\n    agent: writer\n    inputs: [plan]\n"
        + prompt
        + "    next: null\n"
    )
    written = _adopt(tmp_path, "flow.yaml", text)
    assert "    # dipcheck: ignore[L11]\n" + prompt in written


def test_a_multi_line_plain_yaml_scalar_gets_the_comment_above_its_key(tmp_path: Path) -> None:
    """At the end of the scalar's first line the comment ended it (the next line a syntax
    error): --add-ignore left the file unchanged, "the comments would not parse"."""
    prompt = "    prompt: plain {{ input.isue }}\n      continued here\n"
    text = (
        "name: ys\ninputs:\n  issue: {type: string}\nsteps:\n  - name: plan\n    agent: a\n"
        + prompt
        + "    next: null\n"
    )
    written = _adopt(tmp_path, "flow.yaml", text)
    assert written == text.replace(prompt, "    # dipcheck: ignore[L03]\n" + prompt)


def test_a_dip_string_with_an_escaped_quote_holds_no_comment(tmp_path: Path) -> None:
    """`label: "say \\" # dipcheck: ignore[DIP003]"` is one string to the lexer (and to
    convert); the scanner took the `#` for a comment, which hid an error-level DIP003."""
    head = "workflow W\n  start: A\n  exit: B\n  agent A\n    label: A\n  agent B\n    label: B\n"
    edge = '    A -> Bb  label: "say \\" # dipcheck: ignore[DIP003]"'
    (tmp_path / "w.dip").write_text(head + "  edges\n" + edge + "\n", encoding="utf-8")
    assert sorted(_codes(tmp_path)) == ["DIP003", "DIP004"]  # (not hidden, no DC901)
    written = _adopt(tmp_path, "w.dip", head + "  edges\n" + edge + "\n")
    assert written.endswith(edge + "  # dipcheck: ignore[DIP003]\n")
    # the twin: after the string closes, a comment is one
    (tmp_path / "w.dip").write_text(
        head + '  edges\n    A -> Bb  label: "say"  # dipcheck: ignore[DIP003]\n', encoding="utf-8"
    )
    assert _codes(tmp_path) == ["DIP004"]


def test_a_comment_line_added_to_a_crlf_file_ends_with_crlf(tmp_path: Path) -> None:
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: Plan.\n    promt:\n      x\n"
    text = text.replace("\n", "\r\n")
    written = _adopt(tmp_path, "w.dip", text)
    assert "    # dipcheck: ignore[DC004]\r\n    promt:\r\n" in written
    assert written.count("\n") == written.count("\r\n")

"""``dipcheck fmt``: the layout it produces, what it keeps (comments, blank-line groups, block
content, field order), that it never changes a workflow's meaning (hypothesis and the whole
corpus), idempotence, and the command line (``--check``, ``--diff``, in place, stdin)."""

from __future__ import annotations

import itertools
import shutil
import subprocess
import sys
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

import pytest
from helpers import CORPUS, dedent
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipcheck.engine import lint_text
from dipcheck.formatter import FormatError, collapse_blanks, format_dip, lower, meaning

MESSY = (
    "# ABOUTME: header comment\n"
    "dip 2\n"
    "\n"
    "\n"
    "workflow   Demo\n"
    '    goal:   "Ship it"\n'
    "    start: A\n"
    "    exit: B\n"
    "\t# a comment indented with a tab\n"
    "    defaults\n"
    "        model:claude-sonnet-4-6   # trailing comment\n"
    "\n"
    "    agent  A\n"
    "        label: A\n"
    "        prompt:\n"
    "              Do   this.\n"
    "\n"
    "\n"
    "              # a literal line of the prompt\n"
    "                indented more\n"
    "        # about B\n"
    "\n"
    "    agent B\n"
    "        label: B\n"
    "\n"
    "    parallel P -> A,B\n"
    "    edges\n"
    '        A  ->  B   when  ctx.outcome   =  "a  b"   label:  "go"  # why\n'
    "        B -> A   loop\n"
    "\n"
    "\n"
)

CANONICAL = (
    "# ABOUTME: header comment\n"
    "dip 2\n"
    "\n"
    "workflow Demo\n"
    '  goal: "Ship it"\n'
    "  start: A\n"
    "  exit: B\n"
    "  # a comment indented with a tab\n"
    "  defaults\n"
    "    model: claude-sonnet-4-6  # trailing comment\n"
    "\n"
    "  agent A\n"
    "    label: A\n"
    "    prompt:\n"
    "      Do   this.\n"
    "\n"
    "\n"
    "      # a literal line of the prompt\n"
    "        indented more\n"
    "    # about B\n"
    "\n"
    "  agent B\n"
    "    label: B\n"
    "\n"
    "  parallel P -> A, B\n"
    "  edges\n"
    '    A -> B  when ctx.outcome = "a  b"  label: "go"  # why\n'
    "    B -> A  loop\n"
)


def test_canonical_layout() -> None:
    assert format_dip(MESSY) == CANONICAL


def test_canonical_text_is_left_alone() -> None:
    assert format_dip(CANONICAL) == CANONICAL


def test_block_content_and_field_order_are_kept() -> None:
    before = lower(MESSY)
    after = lower(format_dip(MESSY))
    assert before is not None and after is not None
    prompt = before.node_map["A"].get("prompt")
    assert prompt is not None
    assert prompt.text == "Do   this.\n\n\n# a literal line of the prompt\n  indented more"
    assert after.node_map["A"].get("prompt").text == prompt.text  # type: ignore[union-attr]
    assert [item.key for item in after.node_map["A"].fields] == ["label", "prompt"]
    assert meaning(before) == meaning(after)


def test_a_quoted_value_followed_by_a_comment_keeps_both() -> None:
    """dippin keeps `"x" # y` whole when the value starts with a quote; so does the layout."""
    text = dedent(
        """
        workflow W
            start: A
            exit: A
            agent A
                label:   "quoted # not a comment" # but this is part of the value too
        """
    )
    assert '    label: "quoted # not a comment" # but this is part of the value too\n' in (
        format_dip(text)
    )


def test_crlf_line_endings_are_kept() -> None:
    text = "workflow W\r\n    start: A\r\n    exit: A\r\n    agent A\r\n        label: A\r\n"
    assert format_dip(text) == (
        "workflow W\r\n  start: A\r\n  exit: A\r\n  agent A\r\n    label: A\r\n"
    )


def test_a_file_with_syntax_errors_is_not_formatted() -> None:
    with pytest.raises(FormatError, match="syntax errors"):
        format_dip("workflow W\n  start: A\n  agent A\n    label: A\n  edges\n    A -> [x]\n")


def test_collapse_blanks_keeps_quotes_and_placeholders() -> None:
    assert collapse_blanks('a  =\t"x  y"  and ${ctx.a  b}   z') == 'a = "x  y" and ${ctx.a  b} z'


# -- meaning and idempotence on generated workflows ------------------------------------------

names = st.sampled_from(["A", "Build", "Check_2", "review-x", "Done"])
blanks = st.sampled_from([" ", "  ", "\t", "   "])
comments = st.sampled_from(["", "  # note", " # why: ${ctx.x}"])


@st.composite
def workflows(draw: st.DrawFn) -> str:
    unit = draw(st.sampled_from(["  ", "    ", "\t", "   "]))
    gap = draw(blanks)
    ids = draw(st.lists(names, min_size=1, max_size=4, unique=True))
    lines = [f"workflow{gap}W{draw(comments)}", f"{unit}start: {ids[0]}", f"{unit}exit: {ids[-1]}"]
    for node in ids:
        if draw(st.booleans()):
            lines.append("")
        if draw(st.booleans()):
            lines.append(" " * draw(st.integers(0, 6)) + "# about " + node)
        kind = draw(st.sampled_from(["agent", "tool"]))
        lines.append(f"{unit}{kind}{draw(blanks)}{node}{draw(comments)}")
        lines.append(f"{unit * 2}label:{draw(blanks)}{node}{draw(comments)}")
        key = "prompt" if kind == "agent" else "command"
        lines.append(f"{unit * 2}{key}:")
        depth = unit * 3 + " " * draw(st.integers(0, 3))
        body = draw(
            st.lists(
                st.sampled_from(["do ${ctx.x}  now", "# literal", "  deeper", "", "echo ok"]),
                min_size=1,
                max_size=4,
            )
        )
        if not body[0]:
            body[0] = "first"
        lines.extend(depth + item if item else "" for item in body)
    lines.append(f"{unit}edges")
    for source, target in itertools.pairwise(ids):
        condition = draw(
            st.sampled_from(["", "when ctx.outcome = success", 'when ctx.x  =  "a  b"'])
        )
        attrs = draw(st.sampled_from(["", 'label: "go on"', "loop", "label:x  weight: 2"]))
        lines.append(
            f"{unit * 2}{source}{draw(blanks)}->{draw(blanks)}{target}"
            f"{draw(blanks)}{condition}{draw(blanks)}{attrs}{draw(comments)}".rstrip()
        )
    return "\n".join(lines) + "\n" * draw(st.integers(0, 3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(workflows())
def test_formatting_keeps_the_meaning_and_is_idempotent(text: str) -> None:
    formatted = format_dip(text)
    assert meaning(lower(formatted)) == meaning(lower(text))
    assert format_dip(formatted) == formatted
    assert not any(line != line.rstrip() for line in formatted.splitlines())


# -- the corpus -------------------------------------------------------------------------------

TRACKER = CORPUS / "tracker"
FILES = sorted(TRACKER.rglob("*.dip")) if TRACKER.is_dir() else []
ABSENT = [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus not found"))]


def _normal(line: str) -> str:
    return collapse_blanks(line.strip())


def _line_map(before: str, after: str) -> dict[int, int]:
    """Original line → formatted line, for the lines formatting kept (modulo blanks)."""
    old = [_normal(line) for line in before.splitlines()]
    new = [_normal(line) for line in after.splitlines()]
    mapping: dict[int, int] = {}
    for block in SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks():
        for offset in range(block.size):
            mapping[block.a + offset] = block.b + offset
    return mapping


@pytest.mark.corpus
@pytest.mark.parametrize(
    "path",
    FILES or ABSENT,
    ids=lambda path: str(path.relative_to(TRACKER)) if isinstance(path, Path) else "absent",
)
def test_corpus_file_formats_without_changing_findings(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    formatted = format_dip(text)
    assert format_dip(formatted) == formatted
    assert meaning(lower(formatted)) == meaning(lower(text))
    before = lint_text(text, str(path))
    after = lint_text(formatted, str(path))
    lines = _line_map(text, formatted)
    moved = Counter(
        (item.code, item.message, lines.get(item.span.start_position()[0]))
        for item in before.diagnostics
    )
    found = Counter(
        (item.code, item.message, item.span.start_position()[0]) for item in after.diagnostics
    )
    assert moved == found


# -- the command line -------------------------------------------------------------------------


def fmt(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", "fmt", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
    )


def test_cli_check_diff_and_write(tmp_path: Path) -> None:
    messy = tmp_path / "flows" / "messy.dip"
    messy.parent.mkdir()
    messy.write_text(MESSY, encoding="utf-8")
    clean = tmp_path / "flows" / "clean.dip"
    clean.write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "flows" / "notes.txt").write_text("workflow  X\n")  # not a .dip: not touched

    check = fmt("--check", str(tmp_path))
    assert check.returncode == 1
    assert check.stdout == f"would reformat {messy}\n"
    assert "1 file would be reformatted, 1 already formatted" in check.stderr

    diff = fmt("--diff", str(messy))
    assert diff.returncode == 1
    assert f"--- {messy}\n+++ {messy} (formatted)\n" in diff.stdout
    assert "-    agent  A\n" in diff.stdout and "+  agent A\n" in diff.stdout
    assert messy.read_text(encoding="utf-8") == MESSY  # --check and --diff write nothing

    write = fmt(str(tmp_path))
    assert write.returncode == 0, write.stderr
    assert messy.read_text(encoding="utf-8") == CANONICAL
    assert (tmp_path / "flows" / "notes.txt").read_text() == "workflow  X\n"
    again = fmt("--check", str(tmp_path))
    assert again.returncode == 0
    assert "0 files would be reformatted, 2 already formatted" in again.stderr


# Characters that ``str.splitlines`` ends a line at and ``diff`` and ``patch`` do not (they end
# lines at `\n` only, as dipcheck's line numbers do): inside a prompt they are text, and the
# hunks must count the lines as patch will. "" is the same file without one.
INLINE_BREAKS = ["\r", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", ""]


@pytest.mark.parametrize("char", INLINE_BREAKS, ids=ascii)
def test_cli_diff_counts_only_newlines(tmp_path: Path, char: str) -> None:
    text = (
        "workflow W\n  start: A\n  exit: B\n  agent A\n"
        f"    prompt: Say x{char}y.\n"
        "  agent B\n      label:    B\n  edges\n    A -> B\n"
    )
    (tmp_path / "w.dip").write_bytes(text.encode("utf-8"))
    # read as bytes: text mode would turn the lone `\r` into a line break of its own
    diff = subprocess.run(
        [sys.executable, "-m", "dipcheck", "fmt", "--diff", "w.dip"],
        cwd=tmp_path,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert diff.returncode == 1
    assert diff.stdout.decode("utf-8") == (
        "--- w.dip\n"
        "+++ w.dip (formatted)\n"
        "@@ -4,6 +4,6 @@\n"
        "   agent A\n"
        f"     prompt: Say x{char}y.\n"
        "   agent B\n"
        "-      label:    B\n"
        "+    label: B\n"
        "   edges\n"
        "     A -> B\n"
    )


def test_cli_diff_of_a_file_without_a_final_line_break_applies(tmp_path: Path) -> None:
    """The removed last line has no line break: marked, as `diff` marks it (it ran into the
    added line, and `patch` refused the hunk)."""
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    label:   A"
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    diff = subprocess.run(
        [sys.executable, "-m", "dipcheck", "fmt", "--diff", "w.dip"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert diff.stdout == (
        "--- w.dip\n"
        "+++ w.dip (formatted)\n"
        "@@ -2,4 +2,4 @@\n"
        "   start: A\n"
        "   exit: A\n"
        "   agent A\n"
        "-    label:   A\n"
        "\\ No newline at end of file\n"
        "+    label: A\n"
    )
    if shutil.which("patch"):
        subprocess.run(["patch", "-s", "w.dip"], input=diff.stdout, text=True, cwd=tmp_path)
        assert (tmp_path / "w.dip").read_text(encoding="utf-8") == format_dip(text)


def test_cli_stdin_and_errors(tmp_path: Path) -> None:
    piped = fmt("-", stdin=MESSY)
    assert piped.returncode == 0
    assert piped.stdout == CANONICAL
    broken = tmp_path / "broken.dip"
    text = "workflow W\n  start: A\n  agent A\n    label: A\n  edges\n    A -> [x]\n"
    broken.write_text(text, encoding="utf-8")
    result = fmt(str(broken))
    assert result.returncode == 2
    assert f"dipcheck fmt: {broken}: the file has syntax errors" in result.stderr
    assert broken.read_text(encoding="utf-8") == text
    missing = fmt(str(tmp_path / "nope.dip"))
    assert missing.returncode == 2
    assert "no such file or directory" in missing.stderr


def test_the_pre_commit_hook_formats_dip_files(tmp_path: Path) -> None:
    """Run the `dipcheck-fmt` hook the way pre-commit does: its entry plus the staged files
    its `files` pattern selects."""
    import re

    from ruamel.yaml import YAML

    hooks = YAML(typ="safe").load(
        (Path(__file__).parents[1] / ".pre-commit-hooks.yaml").read_text()
    )
    (hook,) = [item for item in hooks if item["id"] == "dipcheck-fmt"]
    staged = [tmp_path / "a.dip", tmp_path / "b.yaml"]
    staged[0].write_text(MESSY, encoding="utf-8")
    staged[1].write_text("name: x\n", encoding="utf-8")
    selected = [str(path) for path in staged if re.search(hook["files"], str(path))]
    assert selected == [str(staged[0])]
    program, *arguments = hook["entry"].split()
    assert program == "dipcheck"
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", *arguments, *selected],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert staged[0].read_text(encoding="utf-8") == CANONICAL


def test_formatting_pauses_the_cycle_collector() -> None:
    """The collector's passes over a large file's tokens and trees while they were alive took
    half of `dipcheck fmt` on 24,000 lines (4.6 s, 2.2 s without), and grew with the square of
    the file: formatting now runs with it paused, as a lint does. Its twin: the collector is
    back on afterwards."""
    import gc

    nodes = "".join(f"  agent N{index}\n    prompt: go\n" for index in range(3000))
    edges = "".join(f"    N{index} -> N{index + 1}\n" for index in range(2999))
    text = f"workflow W\n  start: N0\n  exit: N2999\n{nodes}  edges\n{edges}"
    passes: list[int] = []

    def counted(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    assert gc.isenabled()
    gc.callbacks.append(counted)
    try:
        format_dip(text)
    finally:
        gc.callbacks.remove(counted)
    assert len(passes) <= 1  # (the first allocation once it is back on may start one)
    assert gc.isenabled()

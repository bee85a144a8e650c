"""Suppression comments: line, block and file scope; unused (DC901) and unknown (DC902) codes;
`#` lines inside multi-line blocks are content; the edit the language server offers."""

from __future__ import annotations

import re
import time
from pathlib import Path

import yaml
from helpers import Finding, dipcheck, lint, only, run, template
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.diagnostics import Diagnostic, Edit, Severity
from dipcheck.fixes import apply_edits
from dipcheck.source import SourceText, Span
from dipcheck.suppression_edits import suppression_edit
from dipcheck.suppressions import (
    _MENTION,
    _YAML_KEY,
    Entry,
    Suppressions,
    _block_end,
    _mentions,
)

BASE = template(
    """
    workflow Sup
      start: A
      exit: Done
      agent A
        prompt:
          Use ${ctx.from_env} here.
      agent Done
        label: Done
      edges
        A -> Done
    """
)
DC102 = Finding("DC102", "warning", (6, 11), (6, 26), "${ctx.from_env}")


def test_unsuppressed_finding() -> None:
    assert lint(BASE) == [DC102]


def test_own_line_suppression_covers_the_next_node_and_its_block() -> None:
    text = BASE.replace(
        "  agent A\n", "  # dipcheck: ignore[DC102] comes from the environment\n  agent A\n"
    )
    assert lint(text) == []


def test_thousands_of_directive_lines_in_a_row_are_read_in_linear_time() -> None:
    """Each own-line directive walked every comment line after it to find the line it
    applies to: 6,000 directive lines in a row took 8 s (20,000 a minute and a half). Its
    twin: the first of them still applies across all the others, to `agent A`."""
    import time

    comments = "  # dipcheck: ignore[DC101]\n" * 20_000
    text = BASE.replace("  agent A\n", f"  # dipcheck: ignore[DC102]\n{comments}  agent A\n")
    started = time.perf_counter()
    found = lint(text)
    assert time.perf_counter() - started < 5.0
    assert {item.code for item in found} == {"DC901"}  # the DC101 ones suppress nothing
    assert len(found) == 1000  # (the limit per code; DC102 is suppressed)


def test_own_line_suppression_above_a_block_key_covers_the_block() -> None:
    text = BASE.replace(
        "    prompt:\n", "    # dipcheck: ignore[unproduced-context-key]\n    prompt:\n"
    )
    assert lint(text) == []


def test_a_comment_after_a_block_key_is_its_value_as_in_dippin() -> None:
    # `prompt:  # …` is not a block opener: dippin keeps `# …` as the value, so the block
    # below becomes unexpected indentation; the suppression is not a comment there.
    text = BASE.replace("    prompt:\n", "    prompt:  # dipcheck: ignore[DC102]\n")
    assert [item.code for item in lint(text)] == ["DC001"]


def test_comment_inside_a_raw_block_is_prompt_text_not_a_suppression() -> None:
    text = BASE.replace(
        "      Use ${ctx.from_env} here.\n",
        "      # dipcheck: ignore[DC102]\n      Use ${ctx.from_env} here.\n",
    )
    assert [item.code for item in lint(text)] == ["DC102"]


def test_file_ignore_with_a_prefix() -> None:
    text = "# dipcheck: file-ignore[DC1]\n" + BASE
    assert lint(text) == []


def test_suppression_does_not_leak_to_other_nodes() -> None:
    text = BASE.replace(
        "  agent A\n", "  # dipcheck: ignore[DC102]\n  agent Done2\n    label: x\n  agent A\n"
    )
    assert "DC102" in [item.code for item in lint(text)]


def test_dc901_unused_code_points_at_the_code() -> None:
    text = BASE.replace("    label: Done\n", "    label: Done  # dipcheck: ignore[DC102, DIP004]\n")
    findings = lint(text)
    assert Finding("DC901", "warning", (8, 44), (8, 50), "DIP004") in findings
    assert Finding("DC901", "warning", (8, 37), (8, 42), "DC102") in findings


def test_dc901_not_reported_for_rules_turned_off() -> None:
    text = BASE.replace("    label: Done\n", "    label: Done  # dipcheck: ignore[DIP004]\n")
    assert [item.code for item in lint(text)] == ["DC102", "DC901"]
    from dipcheck.config import Config

    assert [item.code for item in run(text, config=Config(ignore=("DIP004",))).diagnostics] == [
        "DC102"
    ]


def test_dc902_unknown_code_and_blanket_ignore() -> None:
    text = BASE.replace("    label: Done\n", "    label: Done  # dipcheck: ignore[DIP9999]\n")
    assert Finding("DC902", "warning", (8, 37), (8, 44), "DIP9999") in lint(text)
    blanket = BASE.replace("    label: Done\n", "    label: Done  # dipcheck: ignore[]\n")
    assert [item.code for item in lint(blanket)] == ["DC102", "DC902"]


def test_suppression_of_a_finding_inside_a_prompt_file(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("Use ${ctx.from_env}.\n")
    text = BASE.replace("    prompt:\n      Use ${ctx.from_env} here.\n", "    prompt_file: a.md\n")
    path = str(tmp_path / "w.dip")
    assert [item.code for item in run(text, path).diagnostics] == ["DC102"]
    suppressed = text.replace(
        "    prompt_file: a.md\n", "    prompt_file: a.md  # dipcheck: ignore[DC102]\n"
    )
    assert run(suppressed, path).diagnostics == []


def test_suppression_edit_trailing_and_above_a_block() -> None:
    [item] = run(BASE).diagnostics
    edit = suppression_edit(item)
    assert (edit.span.start_position(), edit.text) == ((4, 0), "    # dipcheck: ignore[DC102]\n")
    applied = BASE[: edit.span.start] + edit.text + BASE[edit.span.end :]
    assert lint(applied) == []
    text = BASE.replace(
        "    prompt:\n      Use ${ctx.from_env} here.\n", "    prompt: Use ${ctx.from_env}\n"
    )
    [item] = run(text).diagnostics
    edit = suppression_edit(item)
    assert edit.text == "  # dipcheck: ignore[DC102]"
    applied = text[: edit.span.start] + edit.text + text[edit.span.end :]
    assert lint(applied) == []


def test_suppression_edit_on_a_block_key_line_goes_above_it() -> None:
    text = BASE.replace("    prompt:\n", "    promt:\n")
    [item] = [item for item in run(text).diagnostics if item.code == "DC004"]
    edit = suppression_edit(item)
    assert edit.text == "    # dipcheck: ignore[DC004]\n"
    applied = text[: edit.span.start] + edit.text + text[edit.span.end :]
    assert [item.code for item in lint(applied)] == ["DC102"]  # only DC004 was suppressed


def test_suppression_edit_extends_an_existing_comment() -> None:
    text = BASE.replace(
        "    prompt:\n      Use ${ctx.from_env} here.\n",
        "    prompt: Use ${ctx.from_env} ${ctx.node.X.y}  # dipcheck: ignore[DC102]\n",
    )
    [item] = [item for item in run(text).diagnostics if item.code == "DC105"]
    edit = suppression_edit(item)
    assert edit.text == ", DC105"
    applied = text[: edit.span.start] + edit.text + text[edit.span.end :]
    assert lint(applied) == []


PLAIN_YAML = template(
    """
    name: ys
    inputs:
      issue: {type: string}
    steps:
      - name: plan
        agent: a
        prompt: plain {{ input.isue }}
          continued here
        next: null
    """
)


def test_suppression_edit_above_a_multi_line_plain_yaml_scalar() -> None:
    """A comment at the end of the first line of a plain scalar that goes on over deeper
    lines ends the scalar there: the next line was then a YAML syntax error (DC001) and the
    comment matched nothing (DC901; eighteenth audit). It goes above the key."""
    [item] = run(PLAIN_YAML, "<test>.yaml").diagnostics
    assert (item.code, item.span.start_position()) == ("L03", (6, 21))
    edit = suppression_edit(item, "yaml")
    assert (edit.span.start_position(), edit.span.end_position(), edit.text) == (
        (6, 0),
        (6, 0),
        "    # dipcheck: ignore[L03]\n",
    )
    applied = apply_edits(PLAIN_YAML, [edit])
    assert lint(applied, "<test>.yaml") == []
    assert yaml.safe_load(applied) == yaml.safe_load(PLAIN_YAML)  # (the same prompt)
    # the twin: a plain scalar on one line keeps the comment at its end
    one_line = PLAIN_YAML.replace("\n      continued here", "")
    [item] = run(one_line, "<test>.yaml").diagnostics
    edit = suppression_edit(item, "yaml")
    assert (edit.span.start_position(), edit.text) == ((6, 34), "  # dipcheck: ignore[L03]")
    assert lint(apply_edits(one_line, [edit]), "<test>.yaml") == []


OPEN_BLOCK_COMMENT_DOT = (
    "digraph CM {\n"
    '  graph [goal="g"]\n'
    "  Start [shape=Mdiamond]\n"
    "  Exit  [shape=Msquare]\n"
    '  Plan [shape=box, label="Plan", prompt="use ${ctx.plan_sumary}"] /* a block\n'
    "  comment */\n"
    "  Start -> Plan -> Exit\n"
    "}\n"
)


def test_suppression_edit_after_a_comment_goes_above_the_line() -> None:
    """Only a line's first comment is read: `// dipcheck: ignore[DC102]` appended after an
    open DOT `/* a block` was inside that comment, and after a .dip `# note` part of it; the
    finding stayed (eighteenth audit). The comment goes on a line of its own above."""
    [item] = run(OPEN_BLOCK_COMMENT_DOT, "<test>.dot").diagnostics
    assert (item.code, item.span.start_position()) == ("DC102", (4, 45))
    edit = suppression_edit(item, "dot")
    assert (edit.span.start_position(), edit.span.end_position(), edit.text) == (
        (4, 0),
        (4, 0),
        "  // dipcheck: ignore[DC102]\n",
    )
    assert lint(apply_edits(OPEN_BLOCK_COMMENT_DOT, [edit]), "<test>.dot") == []
    noted = BASE.replace(
        "    prompt:\n      Use ${ctx.from_env} here.\n",
        "    prompt: Use ${ctx.from_env}  # note\n",
    )
    [item] = run(noted).diagnostics
    edit = suppression_edit(item)
    assert (edit.span.start_position(), edit.text) == ((4, 0), "    # dipcheck: ignore[DC102]\n")
    assert lint(apply_edits(noted, [edit])) == []
    # the twin: without the block comment the comment goes at the end of the line
    closed = OPEN_BLOCK_COMMENT_DOT.replace(" /* a block\n  comment */", "")
    [item] = run(closed, "<test>.dot").diagnostics
    edit = suppression_edit(item, "dot")
    assert (edit.span.start_position(), edit.text) == ((4, 65), "  // dipcheck: ignore[DC102]")
    assert lint(apply_edits(closed, [edit]), "<test>.dot") == []


_MENTION_PIECES = st.sampled_from(
    [
        "dipcheck",
        "DipCheck",
        "dipchec",
        "d\u0130pcheck",
        "d\u0131pcheck",
        "dipchec\u212a",
        "—",
        "\udc80",
        " ",
    ]
)


@given(st.lists(st.one_of(_MENTION_PIECES, st.text(max_size=4)), max_size=8))
def test_the_quick_mention_test_agrees_with_the_case_insensitive_regex(pieces: list[str]) -> None:
    # the prefilter of every lint must find exactly what `_MENTION` (re.IGNORECASE) finds,
    # non-ASCII text, the characters Unicode folds into i and k, and lone surrogates included
    text = "".join(pieces)
    assert _mentions(text) == (_MENTION.search(text) is not None)


def test_thousands_of_suppressed_findings_are_matched_in_linear_time() -> None:
    """Every finding was tested against every suppression: 3,000 nodes each with a trailing
    suppression of its own finding took 3 s to match. Its twin: each one still suppresses
    its own finding and is used."""
    import time

    from dipcheck.diagnostics import Diagnostic, Edit, Severity
    from dipcheck.source import SourceText, Span
    from dipcheck.suppressions import Entry, Suppressions

    count = 10_000
    source = SourceText("<t>.dip", "x\n" * count)
    anywhere = Span(source, 0, 0)
    entries = [
        Entry(
            "DC102",
            anywhere,
            range(line, line + 1),
            False,
            frozenset(["DC102"]),
            Edit(anywhere, ""),
        )
        for line in range(count)
    ]
    diagnostics = [
        Diagnostic("DC102", Severity.WARNING, "m", Span(source, 2 * line, 2 * line + 1))
        for line in range(count)
    ]
    started = time.perf_counter()
    kept = Suppressions(entries=entries).apply(diagnostics, source, {}, lambda code: True)
    assert time.perf_counter() - started < 2.0
    assert kept == []
    assert all(entry.used for entry in entries)


# -- many suppressions -------------------------------------------------------------------------


def test_fifteen_thousand_ignore_comments_take_seconds() -> None:
    """Each own-line ignore looked past every comment after it for its line, and each of the
    15,000 findings was tried against every ignore: 15,000 suppressed nodes (a 650 KB file)
    took minutes. The blocks are found in one pass, the entries looked up by code."""
    nodes = "".join(
        f"  # dipcheck: ignore[DIP004]\n  agent N{index}\n    prompt: hi\n"
        for index in range(15_000)
    )
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: hi\n" + nodes
    started = time.process_time()
    found = lint(text)
    assert time.process_time() - started < 10
    assert found == []
    # the twin: without the last comment, its node is found, and only it
    cut = text.replace("  # dipcheck: ignore[DIP004]\n  agent N14999", "  agent N14999")
    assert [(item.code, item.text) for item in lint(cut)] == [("DIP004", "N14999")]


def test_ignore_comments_before_five_thousand_dot_statements_take_seconds() -> None:
    """A DOT statement's first token was searched from the file's first token for each
    suppression: 5,000 commented node statements took 40 s."""
    nodes = "".join(
        f"  // dipcheck: ignore[DIP004]\n  n{index} [shape=box, prompt=p]\n"
        for index in range(5_000)
    )
    text = (
        "digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  start -> exit\n"
        + nodes
        + "  n5000 [shape=box, prompt=p]\n}\n"
    )
    started = time.process_time()
    found = lint(text, "<test>.dot")
    assert time.process_time() - started < 10
    assert [(item.code, item.text) for item in found] == [("DIP004", "n5000")]


def test_trailing_ignores_on_nested_lines_before_blank_lines_take_a_moment() -> None:
    """Each trailing ignore's block was searched to its end, past the same blank
    lines: 300 nested lines before 400,000 blank lines took 17 s."""
    nested = "".join(f"{' ' * (4 + depth)}x  # dipcheck: ignore[DIP001]\n" for depth in range(300))
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: |\n" + nested + "\n" * 400_000
    started = time.process_time()
    found = lint(text)
    assert time.process_time() - started < 5
    unused = [item for item in found if item.code == "DC901"]  # each ignore is unused
    assert len(unused) == 300 and unused[0].start == (6, 27)
    # (the nested lines are no .dip: the parser stops at the first, and at its limit)
    rest = [(item.code, item.start, item.end) for item in found if item.code != "DC901"]
    assert rest == [("DC001", (6, 5), (6, 6)), ("DC001", (69, 1), (69, 68))]


_LINES = st.lists(
    st.sampled_from(["", "  ", "a", " a", "  a", "    a", "# c", "  // c", "\t a", " \x0c"]),
    max_size=30,
)


@given(_LINES)
def test_the_blocks_found_in_one_pass_are_those_searched_for(lines: list[str]) -> None:
    from dipcheck.suppressions import _Blocks

    blocks = _Blocks(lines)
    for number in range(len(lines)):
        assert blocks.block_end(lines, number) == _block_end(lines, number)
    for number in range(len(lines) + 1):
        code = number
        while code < len(lines) and (
            not lines[code].strip() or lines[code].lstrip().startswith(("#", "//"))
        ):
            code += 1
        assert blocks.next_code(number) == code


@given(
    st.lists(
        st.tuples(
            st.integers(0, 12),
            st.integers(0, 6),
            st.booleans(),
            st.sets(st.sampled_from("XYZ"), min_size=1),
        ),
        max_size=8,
    ),
    st.lists(st.tuples(st.sampled_from("XYZW"), st.integers(0, 14) | st.none()), max_size=10),
)
def test_applying_suppressions_keeps_what_trying_each_entry_keeps(
    entries: list[tuple[int, int, bool, set[str]]], findings: list[tuple[str, int | None]]
) -> None:
    """Entries looked up by code and line hide and use what trying each entry for each
    finding hides and uses (a finding of an included file with no anchor has no line)."""
    source = SourceText("<t>.dip", "x\n" * 16)
    other = SourceText("<prompt>.md", "y")
    span = Span(source, 0, 1)
    made = [
        Entry("X", span, range(start, start + length), wide, frozenset(codes), Edit(span, ""))
        for start, length, wide, codes in entries
    ]

    def at(line: int | None) -> Span:
        return Span(other, 0, 0) if line is None else Span(source, 2 * line, 2 * line + 1)

    diagnostics = [Diagnostic(code, Severity.ERROR, "m", at(line)) for code, line in findings]
    kept = Suppressions(entries=made).apply(diagnostics, source, {}, lambda code: False)
    expected_kept = []
    used = [False] * len(made)
    for item, (code, line) in zip(diagnostics, findings, strict=True):
        hit = False
        for index, (start, length, wide, codes) in enumerate(entries):
            if code in codes and (wide or (line is not None and start <= line < start + length)):
                used[index] = hit = True
        if not hit:
            expected_kept.append(item)
    assert kept == expected_kept
    assert [entry.used for entry in made] == used


def test_fifteen_thousand_blanket_ignores_take_seconds() -> None:
    """Each `# dipcheck: ignore` without codes (DC904, whose fix names the codes it covers)
    went through every finding of the file: 15,000 of them took minutes."""
    nodes = "".join(
        f"  # dipcheck: ignore\n  agent N{index}\n    prompt: hi\n" for index in range(15_000)
    )
    text = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: hi\n" + nodes
    started = time.process_time()
    found = run(text).diagnostics
    assert time.process_time() - started < 10
    blanket = [item for item in found if item.code == "DC904"]
    assert len(blanket) == 1000  # (the limit of findings of a code)
    assert blanket[0].message.endswith("; the findings it covers: DIP004")
    assert blanket[0].fix is not None
    assert blanket[0].fix.edits[0].text == "dipcheck: ignore[DIP004]"


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["DIP004", "DIP009", "DC001", "DC901"]), st.integers(0, 9) | st.none()
        ),
        max_size=12,
    ),
    st.integers(0, 10),
    st.integers(0, 5),
    st.booleans(),
)
def test_a_blanket_suppression_names_the_codes_of_the_findings_it_covers_in_order(
    findings: list[tuple[str, int | None]], start: int, length: int, file_wide: bool
) -> None:
    from dipcheck.suppressions import _Covering, adoptable

    source = SourceText("<t>.dip", "x\n" * 12)
    diagnostics = [
        Diagnostic(code, Severity.ERROR, "m", Span(source, 0, 1)) for code, _ in findings
    ]
    lines = [line for _, line in findings]
    covered = range(start, start + length)
    expected: list[str] = []
    for item, line in zip(diagnostics, lines, strict=True):
        inside = file_wide or (line is not None and line in covered)
        if inside and adoptable(item) and item.code not in expected:
            expected.append(item.code)
    covering = _Covering(diagnostics, lines)
    assert covering.codes(covered, file_wide) == expected
    assert covering.codes(covered, file_wide) == expected  # (kept, the same)


BLOCK_COMMENT_DOT = (
    "digraph G {\n"
    "  start [shape=Mdiamond];\n"
    "  done [shape=Msquare];\n"
    '  /* dipcheck: ignore[DIP111] */ Build [shape=box, prompt="x"];\n'
    '  Tool [shape=parallelogram, tool_command="echo hi"];\n'
    "  start -> Build -> Tool -> done;\n"
    "}\n"
)


def test_a_dot_block_comment_before_code_covers_its_own_statement() -> None:
    """`/* dipcheck: ignore[X] */ Build [...]` was read as a comment line of its own: it
    suppressed the DIP111 of `Tool` on the next line, and its DC901 fix deleted the line
    with the node `Build` (the edges then named an undeclared node, DIP003)."""
    findings = only(lint(BLOCK_COMMENT_DOT, "<test>.dot"), "DC901", "DIP111")
    assert [(item.code, item.start, item.end) for item in findings] == [
        ("DC901", (4, 23), (4, 29)),
        ("DIP111", (5, 3), (5, 7)),
    ]
    unused = run(BLOCK_COMMENT_DOT, "<test>.dot").diagnostics[0]
    assert unused.code == "DC901" and unused.fix is not None
    fixed = apply_edits(BLOCK_COMMENT_DOT, unused.fix.edits)
    assert fixed == BLOCK_COMMENT_DOT.replace("/* dipcheck: ignore[DIP111] */ ", "")


def test_many_findings_on_one_long_line_read_the_line_once(monkeypatch) -> None:
    """The language server offers a suppression for each finding: a 370 KB line with 1,000
    findings was scanned for its comment 1,000 times (28 s before the diagnostics were
    published; fifth audit). Counted, not timed: the line is read once."""
    from dipcheck import suppression_edits as placing
    from dipcheck.suppression_edits import suppression_edits

    keys = 300
    text = (
        "workflow W\n  start: A\n  exit: B\n  agent A\n    label: A\n  agent B\n    label: B\n"
        "  edges\n    A -> B  when "
        + " and ".join(f"ctx.k{index} = v" for index in range(keys))
        + "\n"
    )
    findings = [item for item in run(text).diagnostics if item.code == "DC101"]
    assert len(findings) == keys
    expected = [suppression_edit(item) for item in findings]  # one at a time, as before
    calls = []
    scan = placing._comment_start
    monkeypatch.setattr(placing, "_comment_start", lambda *line: calls.append(1) or scan(*line))
    edits = suppression_edits(findings)
    assert len(calls) == 1
    # the twin: the same edits as each finding's own
    assert [(edit.span.start, edit.span.end, edit.text) for edit in edits] == [
        (edit.span.start, edit.span.end, edit.text) for edit in expected
    ]
    end = text.index("\n", text.index("when"))
    assert edits[0].span.start == end and edits[0].text == "  # dipcheck: ignore[DC101]"


# `_YAML_KEY` as it was before it was made linear: the oracle for the same matches
_LAZY_YAML_KEY = re.compile(
    r"(?:[^\s#'\"\[\]{},&*!|>%@`?:-]|[?:-](?=\S))(?:[^:#]|:(?=\S)|(?<=\S)#)*?[ \t]*:(?:[ \t]+|$)"
)
_KEY_PIECES = st.sampled_from(
    [" ", "\t", ":", "#", "a", "-", "?", "'", "{", "\x07", "\x0c", "é", "a#", ": ", " #", "x:y"]
)


@settings(max_examples=500)
@given(st.lists(_KEY_PIECES, max_size=12).map("".join))
def test_the_linear_yaml_key_matches_what_the_lazy_one_matched(line: str) -> None:
    for start in range(len(line) + 1):
        old = _LAZY_YAML_KEY.match(line, start)
        new = _YAML_KEY.match(line, start)
        assert (old and old.end()) == (new and new.end())


def test_a_yaml_line_of_many_blanks_after_a_control_character_is_read_at_once(
    tmp_path: Path,
) -> None:
    # found by a 30-minute fuzz: `\x07` then 200,000 tabs then `key: v` on one line of a YAML
    # file; the plain-key pattern of the suppression scan backtracked quadratically over the
    # tabs (about a minute; 500,000 tabs, several). The process is given two (helpers.dipcheck).
    line = "\t" * 1000 + "\x07" + "\t" * 500_000 + "  Lint: {exit_code: 1}"
    text = f"# checked by dipcheck\ntests:\n{line}\n"  # (a comment: the scan reads the file)
    (tmp_path / "w.yml").write_text(text, encoding="utf-8")
    result = dipcheck("lint", "--isolated", "--no-cache", "w.yml", cwd=tmp_path)
    assert result.returncode in (0, 1, 2), result.stderr
    assert "not a workflow" in result.stdout + result.stderr

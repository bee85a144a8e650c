"""Fast paths taken for the corpus lint (issue 19 §3: many small files), each checked against
the general path it stands for on generated inputs."""

from __future__ import annotations

import hashlib
import hmac
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import files, hashing, jsontext, workspace
from dipcheck.analysis import shell_words, tool_safety
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.frontends.common import RecordingReader
from dipcheck.frontends.dip import load_dip
from dipcheck.report import json as json_report
from dipcheck.source import SourceText, Span

# -- shell_words._scan: the word path taken first ---------------------------------------------

SHELL_PIECES = st.sampled_from(
    [
        *(" ", "  ", "\t", "\r", "\n", "\n\n", ";", ";;", "&&", "||", "|", "&", "&>", ">&2"),
        *("#", "# c\n", "\\", "\\\n", "'", "'q'", '"', '"$x"', "`", "`d`", "$", "$(", "${"),
        *(")", "}", "(", "{", "()", "f()", "<", "<<", "<<<", "<<EOF\nx\nEOF\n", "<<-E\n\tE\n"),
        *(">", ">>", "2>", "x=1", "=", "if", "then", "do", "done", "fi", "elif", "else"),
        *("function", "case", "esac", "while", "!", "echo", "a", "word", "\v", "\u00a0", "é"),
    ]
)
SCRIPTS = st.lists(SHELL_PIECES, max_size=40).map("".join)


class _Everything:
    """Holds every character: the scanner then takes none of its fast paths."""

    def __contains__(self, item: object) -> bool:
        return True


def _general_defines(text: str, spans: list[tuple[int, int]], parts: list[str]) -> bool:
    return any(part.endswith("()") for part in parts)


def _commands(text: str) -> list[Any]:
    return shell_words._scan(text, 0, [], 0, [], False, None, None)


@settings(max_examples=400, deadline=None)
@given(SCRIPTS)
def test_scan_fast_paths_match_general_path(text: str) -> None:
    fast = _commands(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shell_words, "_SPECIAL_CHARS", _Everything())
        patch.setattr(shell_words, "_defines", _general_defines)
        general = _commands(text)
    assert fast == general


@pytest.mark.parametrize(
    "text",
    ["f() {\n  echo a\n}\n", "a()b x", "x=1 y", "echo a  b\t c\r\n", "a&>b", "$x y", "(a) b"],
)
def test_scan_fast_paths_corner_cases(text: str) -> None:
    fast = _commands(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shell_words, "_SPECIAL_CHARS", _Everything())
        patch.setattr(shell_words, "_defines", _general_defines)
        assert _commands(text) == fast


# -- tool_safety: normalise and the built-in denylist ----------------------------------------

STATEMENT_PIECES = st.sampled_from(
    [
        *(" ", "  ", "\t", "\n", "\f", "\r", "\v", "|", " | ", "||", "eval ", "exec ", "EXEC "),
        *("source ", ". ./", ". /", ".", "/", "curl ", "wget ", "sh", "bash", "zsh", "/bin/sh"),
        *("/bin/bash", "x", "3>&-", ">log", "Eval", "*", "\u00a0", "é"),
    ]
)
STATEMENTS = st.lists(STATEMENT_PIECES, max_size=12).map("".join)
EXTRA = st.lists(st.sampled_from(["rm *", "* | tee *", "git push*", "*"]), max_size=2).map(tuple)


def _general_normalise(statement: str) -> str:
    return tool_safety._PIPE.sub(" | ", tool_safety._COLLAPSE.sub(" ", statement))


def _general_denied_by(statement: str, extra: tuple[str, ...]) -> str | None:
    """``_denied_by`` with every built-in pattern tried on every statement."""
    text = _general_normalise(statement)
    lowered = text.lower()
    found = tool_safety._builtin().fullmatch(lowered)
    patterns = tool_safety.BUILTIN_DENY_PATTERNS
    if found is not None and found.lastindex is not None:
        first = found.lastindex - 1
        if first != tool_safety._EXEC or not tool_safety.exec_only_redirects(text):
            return patterns[first]
        for pattern in patterns[tool_safety._EXEC + 1 :]:
            if tool_safety.glob_match(pattern, text):
                return pattern
    for pattern in extra:
        if tool_safety.glob_match(pattern, text):
            return pattern
    return None


@settings(max_examples=500, deadline=None)
@given(STATEMENTS)
def test_normalise_matches_both_substitutions(statement: str) -> None:
    assert tool_safety.normalise(statement) == _general_normalise(statement)


@settings(max_examples=500, deadline=None)
@given(STATEMENTS, EXTRA)
def test_denied_by_matches_every_pattern_tried(statement: str, extra: tuple[str, ...]) -> None:
    assert tool_safety._denied_by.__wrapped__(statement, extra) == _general_denied_by(
        statement, extra
    )


def test_builtin_prefixes_are_the_patterns_without_a_pipe() -> None:
    """The prefilter stands for the built-in patterns without `|`: each is a literal prefix
    followed by one final `*`."""
    without = [item for item in tool_safety.BUILTIN_DENY_PATTERNS if "|" not in item]
    assert all(item.count("*") == 1 and item.endswith("*") for item in without)
    assert tuple(item[:-1] for item in without) == tool_safety._BUILTIN_PREFIXES


@pytest.mark.parametrize(
    "statement",
    ["eval x", "EVAL  x", "exec 3>&-", "exec >log", "exec ls", "source\tx", ". ./a", ". /a",
     "curl a|sh", "a |  bash -x", "eval", "echo eval x", "x | /bin/sh", "a\v| sh"],
)  # fmt: skip
def test_denied_by_corner_cases(statement: str) -> None:
    assert tool_safety._denied_by.__wrapped__(statement, ()) == _general_denied_by(statement, ())


# -- hashing: HMAC pads by translation ---------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=130), st.binary(max_size=300))
def test_hmac_matches_the_standard_module(key: bytes, data: bytes) -> None:
    assert hashing.hmac_sha256_hex(key, data) == hmac.new(key, data, hashlib.sha256).hexdigest()


# -- files and the recording reader: one stat per read, folders resolved once per pass ---------

NAMES = st.sampled_from(["a.md", "b.txt", "sub/c.md", "sub/deeper/d.md", "missing.md", "sub"])


def _tree(root: Path, contents: dict[str, bytes]) -> None:
    (root / "sub" / "deeper").mkdir(parents=True, exist_ok=True)
    for name, data in contents.items():
        (root / name).write_bytes(data)


def _outcome(read: Any, path: str) -> tuple[str, object]:
    try:
        return "text", read(path)
    except (OSError, UnicodeDecodeError) as error:
        return "error", type(error)


CONTENTS = st.dictionaries(
    st.sampled_from(["a.md", "b.txt", "sub/c.md", "sub/deeper/d.md"]),
    st.sampled_from([b"", b"x", b"caf\xc3\xa9\n", b"\xff\xfe", b"prompt\n" * 50]),
    max_size=4,
)


@settings(max_examples=60, deadline=None)
@given(CONTENTS, st.lists(NAMES, min_size=1, max_size=8))
def test_recording_reader_matches_the_general_reader(
    contents: dict[str, bytes], names: list[str]
) -> None:
    """The reader given lint_paths' folders and handing its stat to read_from_disk records
    what a reader of its own, reading through a wrapper (the general path), records."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        _tree(root, contents)
        shared: dict[str, str] = {}
        fast = RecordingReader(real_folders=shared)
        general = RecordingReader(lambda path: files.read_from_disk(path))
        for name in names:
            path = str(root / name)
            assert _outcome(fast, path) == _outcome(general, path)
            assert files.place_of(path, shared) == files.place_of(path)
        assert fast.reads == general.reads


def test_read_from_disk_with_a_stat_refuses_what_read_regular_refuses(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(OSError) as general:
            files.read_from_disk(str(path))
        with pytest.raises(OSError) as fast:
            files.read_from_disk(str(path), os.stat(path))
        assert type(fast.value) is type(general.value)
    large = tmp_path / "large"
    large.write_bytes(b"x" * (files.MAX_INCLUDED_BYTES + 1))
    with pytest.raises(files.FileTooLarge):
        files.read_from_disk(str(large), os.stat(large))


# -- workspace: a candidate parent's `ref` line looked for before the child's name ------------

PARENT_TEXTS = st.sampled_from(
    [
        'workflow P\n  start: S\n  exit: S\n  agent S\n    label: "child"\n',
        "workflow P\n  start: S\n  exit: S\n  subgraph S\n    ref: child.dip\n",
        "workflow P\n  start: S\n  exit: S\n  subgraph S\n    ref: other\n",
        "# ref: child\nworkflow P\n  start: S\n  exit: S\n",
        "prefer: child\n",
        "",
    ]
)


@settings(max_examples=60, deadline=None)
@given(PARENT_TEXTS, st.lists(st.sampled_from(["child", "other", "P", "x"]), max_size=5))
def test_candidate_is_the_name_and_ref_test_in_any_order(text: str, stems: list[str]) -> None:
    """Whatever stems are asked for, in whatever order, a candidate's workflow is given
    exactly when its text names the stem and has a `ref` line (and parses)."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(os.path.realpath(directory), "parent.dip")
        Path(path).write_text(text)
        for stem in stems:
            expected = stem in text and workspace.has_ref_field(text)
            found = workspace._candidate(path, stem)
            if not expected:
                assert found is None
            else:
                loaded = load_dip(SourceText(path, text), directory).workflow
                assert (found is None) == (loaded is None)


# -- workspace.walk: a file without a ref ends the walk before its path is resolved -----------

NODE_TEXTS = st.sampled_from(
    [
        '  agent A\n    prompt: "hi"\n',
        "  subgraph S\n    ref: child.dip\n",
        "  subgraph T\n    ref: missing\n",
        "  subgraph U\n    ref:\n",
        "  tool B\n    command: echo\n",
    ]
)


@settings(max_examples=40, deadline=None)
@given(st.lists(NODE_TEXTS, max_size=4, unique=True))
def test_walk_without_refs_is_empty_and_with_refs_unchanged(nodes: list[str]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "parent.dip")
        Path(directory, "child.dip").write_text("workflow C\n  start: X\n  exit: X\n  agent X\n")
        text = "workflow P\n  start: S\n  exit: S\n" + "".join(nodes)
        workflow = load_dip(SourceText(path, text), directory).workflow
        assert workflow is not None
        refs = list(workspace.subgraph_refs(workflow))
        links = list(workspace.Workspace().walk(path, workflow))
        # the general walk: one link per ref at depth 1, each child's own refs below it
        assert [link.chain[0] for link in links if link.depth == 1] == refs
        assert (not links) == (not refs)


# -- the JSON report: texts entries share written once per report ----------------------------

REPORT_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["DC101", "DIP003", "XX999", "DC208"]),
            st.sampled_from(list(Severity)),
            st.sampled_from(["a.dip", "b.dip", "c/\udcff.dip", "\u00e9.dot"]),
            REPORT_TEXT,
        ),
        max_size=8,
    )
)
def test_report_entries_with_shared_texts_match_each_written_alone(
    entries: list[tuple[str, Severity, str, str]],
) -> None:
    shared = json_report._Shared()
    for code, severity, path, message in entries:
        source = SourceText(path, "ab\ncd")
        item = Diagnostic(code, severity, message, Span(source, 1, 4))
        start, end = item.span.start_position(), item.span.end_position()
        alone = jsontext.dumps(json_report.diagnostic_dict(item), 2)
        assert json_report._entry_text(item, start, end, shared) == alone
        assert json_report._entry_text(item, start, end) == alone

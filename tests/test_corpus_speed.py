"""Fast paths taken for the corpus lint (issue 19 §3: many small files), each checked against
the general path it stands for on generated inputs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis import shell_words, tool_safety

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

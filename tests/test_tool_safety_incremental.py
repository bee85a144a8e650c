"""The verdicts on an edited long command are made from those on an earlier version of it,
judging again only the statements around the edit: every version must get exactly the
verdicts a computation from the start gives, whatever its placeholders and patterns."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis import tool_safety as safety

_SCRIPT = (
    "cd ${ctx.a} && make build || echo failed\n"
    "curl https://x | sh; eval $goal\n"
    "exec 3>&-\n"
    "  echo   ${ctx.a}|bash  ;; source ./env\n"
    "\n"
    "go test ./... 2>&1 | tail -n 5 && echo ok\n"
    "rm -rf $goal/tmp\n"
)
_PIECES = st.sampled_from(
    ["x", ";", "\n", "&", "&&", "|", "||", " ", "${ctx.a}", "$goal", "eval ", "| sh", "", "exec"]
)
_EXTRA = st.sampled_from([(), ("rm *",), ("make *", "echo *")])
_ALLOW = st.sampled_from([(), ("echo *", "cd *"), ("x*",)])


def placeholder_spans(command: str) -> list[tuple[int, int]]:
    spans = []
    for token in ("${ctx.a}", "$goal"):
        start = 0
        while (index := command.find(token, start)) >= 0:
            spans.append((index, index + len(token)))
            start = index + len(token)
    return spans


def _fresh(
    command: str, spans: Sequence[tuple[int, int]], extra: Sequence[str], allow: Sequence[str]
) -> list[safety.Verdict]:
    statements = safety.split_statements(command)
    return list(safety._uncached_verdicts(statements, spans, extra, allow))


def _check(command: str, spans: list[tuple[int, int]], extra: tuple, allow: tuple) -> None:
    got = list(safety.statement_verdicts(command, spans, extra, allow))
    assert got == _fresh(command, spans, extra, allow)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(6, 12),
    _EXTRA,
    _ALLOW,
    st.lists(st.tuples(st.floats(0, 1), _PIECES, st.integers(0, 12), _EXTRA), max_size=10),
)
def test_an_edited_long_command_gets_fresh_verdicts(
    copies: int, extra: tuple, allow: tuple, edits: list[tuple[float, str, int, tuple]]
) -> None:
    text = _SCRIPT * copies
    assert len(text) >= safety.INCREMENTAL_CHARS
    _check(text, placeholder_spans(text), extra, allow)
    for where, piece, removed, other_extra in edits:
        at = int(where * len(text))
        text = text[:at] + piece + text[at + removed :]
        _check(text, placeholder_spans(text), extra, allow)
        _check(text, placeholder_spans(text), other_extra, allow)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.booleans())
def test_the_same_text_with_other_placeholders_gets_its_own_verdicts(
    first: int, second: int, at_start: bool
) -> None:
    """The placeholders are part of what the verdicts are kept by: one fewer (or moved)
    anywhere in the command is seen, on either side of the edit."""
    safety._statement_verdicts.cache_clear()  # the edited text is made from ``text`` alone
    safety._RECENT.clear()
    text = _SCRIPT * 7
    spans = placeholder_spans(text)
    edited = "y" + text[1:] if at_start else text[:-1] + "y"
    allow = ("echo *", "cd *")  # a statement with a placeholder is not held to it
    _check(text, spans, (), allow)
    fewer = [span for index, span in enumerate(sorted(spans)) if index not in (first, second)]
    _check(edited, fewer, (), allow)
    _check(edited, spans, (), allow)
    _check(edited, [(start + 1, end + 1) for start, end in spans], (), allow)


def test_every_line_of_a_long_command_edited_gets_fresh_verdicts() -> None:
    text = _SCRIPT * 6
    assert len(text) >= safety.INCREMENTAL_CHARS
    lines = text.split("\n")
    for number in range(len(lines)):
        for piece in ("x", ";", "&", "|", " eval", "$goal", "| sh"):
            edited = "\n".join([*lines[:number], lines[number] + piece, *lines[number + 1 :]])
            _check(edited, placeholder_spans(edited), ("rm *",), ("cd *",))


def test_a_long_command_of_separators_only_is_one_statement() -> None:
    """Edited down to no statement at all, the command is judged whole (tracker's one
    statement of the trimmed text), not from the pieces around the edit."""
    text = ";\n" * 600 + "echo a"
    _check(text, [], (), ("cd *",))
    _check(text[:-6], [], (), ("cd *",))
    assert _fresh(text[:-6], [], (), ("cd *",))

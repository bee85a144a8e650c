"""The tool-command gate's fast paths answer as the plain algorithm does: a statement is
tested against the built-in denylist one pattern at a time, every statement is tried with
each placeholder probe, and every placeholder is tested against every statement."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis import tool_safety as safety

WORDS = st.sampled_from(
    [
        "eval",
        "exec",
        "source",
        ".",
        "./x",
        "/x",
        "curl",
        "wget",
        "sh",
        "bash",
        "zsh",
        "/bin/sh",
        "/bin/bash",
        "|",
        "||",
        "&&",
        ";",
        "\n",
        "3>&-",
        ">log",
        "echo",
        "x",
        '"',
        "  ",
        "\t",
        "EVAL",
        "Curl",
        "${ctx.a}",
        "$goal",
    ]
)
COMMANDS = st.lists(WORDS, max_size=12).map(" ".join) | st.lists(WORDS, max_size=8).map("".join)
EXTRA = st.lists(st.sampled_from(["rm *", "make *", "* | tee *", "x", "echo *"]), max_size=2)


def slow_denied_by(statement: str, extra: Sequence[str]) -> str | None:
    text = safety.normalise(statement)
    for pattern in safety.BUILTIN_DENY_PATTERNS:
        if safety.glob_match(pattern, text):
            if pattern == "exec *" and safety.exec_only_redirects(text):
                continue
            return pattern
    for pattern in extra:
        if safety.glob_match(pattern, text):
            return pattern
    return None


def slow_holds(statement: safety.Statement, spans: Sequence[tuple[int, int]]) -> bool:
    return any(start < statement.end and end > statement.start for start, end in spans)


def slow_pieces(
    statement: safety.Statement, spans: Sequence[tuple[int, int]], value: str
) -> list[str]:
    inside = [
        (start - statement.start, end - statement.start)
        for start, end in spans
        if start < statement.end and end > statement.start
    ]
    text = statement.text
    for start, end in reversed(inside):
        text = text[:start] + value + text[end:]
    return [item.text for item in safety.split_statements(text)]


def slow_verdicts(
    command: str, spans: Sequence[tuple[int, int]], extra: Sequence[str], allowlist: Sequence[str]
) -> Iterator[safety.Verdict]:
    for statement in safety.split_statements(command):
        if not statement.text:
            continue
        denials = [
            next(filter(None, (slow_denied_by(piece, extra) for piece in pieces)), None)
            for pieces in (slow_pieces(statement, spans, value) for value in safety.PROBES)
        ]
        if all(denials):
            yield safety.Verdict(statement, denials[0])
        elif (
            allowlist
            and not slow_holds(statement, spans)
            and not safety.allowed(statement.text, allowlist)
        ):
            yield safety.Verdict(statement, None)


def placeholder_spans(command: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for token in ("${ctx.a}", "$goal"):
        start = 0
        while (index := command.find(token, start)) >= 0:
            spans.append((index, index + len(token)))
            start = index + len(token)
    return sorted(spans)


@settings(max_examples=400, deadline=None)
@given(COMMANDS, EXTRA)
def test_denied_by_matches_pattern_by_pattern(statement: str, extra: list[str]) -> None:
    assert safety.denied_by(statement, extra) == slow_denied_by(statement, extra)


@settings(max_examples=300, deadline=None)
@given(COMMANDS, EXTRA, st.lists(st.sampled_from(["echo *", "x*", "curl *"]), max_size=2))
def test_statement_verdicts_match_every_probe(
    command: str, extra: list[str], allowlist: list[str]
) -> None:
    spans = placeholder_spans(command)
    fast = list(safety.statement_verdicts(command, spans, extra, allowlist))
    assert fast == list(slow_verdicts(command, spans, extra, allowlist))

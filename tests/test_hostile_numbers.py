"""Numbers no runtime can hold (hostile input): 5,000 digits passed Python's int() limit and
crashed the DOT front-end and DC214 (a DC000); a value past 64 bits is an invalid integer,
as Go's strconv.Atoi reads it."""

from __future__ import annotations

import pytest
from helpers import Finding, lint, only

HUGE = "9" * 5000
DIP = (
    "workflow W\n  start: A\n  exit: B\n  agent A\n    label: A\n    max_turns: {turns}\n"
    "  tool T\n    command: echo hi\n    output_limit: {limit}\n  agent B\n    label: B\n"
    "  edges\n    A -> T\n    T -> B\n"
)
DOT = (
    'digraph G {{ start [shape=Mdiamond]; done [shape=Msquare]; a [shape=box, prompt="x", '
    'max_retries="{retries}"]; start -> a; a -> done; }}\n'
)


@pytest.mark.parametrize(
    ("turns", "limit", "line", "column", "value"),
    [
        (HUGE, "1024", 6, 16, HUGE),
        ("3", HUGE, 9, 19, HUGE),
        ("9223372036854775808", "1024", 6, 16, "9223372036854775808"),
    ],
    ids=["max_turns", "output_limit", "past-64-bits"],
)
def test_dip_number_past_the_runtime_is_dc005_not_a_crash(
    turns: str, limit: str, line: int, column: int, value: str
) -> None:
    findings = lint(DIP.format(turns=turns, limit=limit))
    assert [item for item in findings if item.code == "DC000"] == []
    assert only(findings, "DC005") == [
        Finding("DC005", "error", (line, column), (line, column + len(value)), value)
    ]


def test_dip_number_twin_the_largest_64_bit_integer_is_valid() -> None:
    findings = lint(DIP.format(turns="9223372036854775807", limit="1024"))
    assert only(findings, "DC005") == []


def test_dot_number_past_the_runtime_is_dc005_not_a_crash() -> None:
    text = DOT.format(retries=HUGE)
    findings = lint(text, "<test>.dot")
    assert [item for item in findings if item.code == "DC000"] == []
    column = text.index(HUGE)  # the quoted value, quotes included
    assert only(findings, "DC005") == [
        Finding("DC005", "error", (1, column), (1, column + len(HUGE) + 2), f'"{HUGE}"')
    ]
    assert only(lint(DOT.format(retries="3"), "<test>.dot"), "DC005") == []  # the twin

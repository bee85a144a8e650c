"""Numbers no runtime can hold (hostile input): 5,000 digits passed Python's int() limit and
crashed the DOT front-end and DC214 (a DC000); a value past 64 bits is an invalid integer,
as Go's strconv.Atoi reads it."""

from __future__ import annotations

import pytest
from helpers import Finding, lint, only, run

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


SCHEMA_DIP = (
    "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: a\n"
    "    response_format: json_schema\n    response_schema: '{schema}'\n"
)
SCHEMA_DOT = (
    'digraph G {{ start [shape=Mdiamond]; done [shape=Msquare]; a [shape=box, prompt="x", '
    'response_format="json_schema", response_schema="{schema}"]; start -> a; a -> done; }}\n'
)
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("fmt", ["dip", "dot"])
@pytest.mark.parametrize("schema", [f'{{"maximum": {HUGE}}}', DEEP], ids=["huge", "deep"])
def test_a_response_schema_with_a_huge_number_or_deep_nesting_is_no_crash(
    fmt: str, schema: str
) -> None:
    """DIP132 read the schema with json.loads: a 5,000-digit number (past Python's int
    conversion) and 100,000 nested brackets (RecursionError) were a DC000. The number is
    valid JSON; the nesting is a DIP132 finding at the schema's first character."""
    if fmt == "dip":
        text = SCHEMA_DIP.format(schema=schema)
    else:
        text = SCHEMA_DOT.format(schema=schema.replace('"', '\\"'))
    result = run(text, f"<test>.{fmt}")
    assert [item.code for item in result.diagnostics if item.code == "DC000"] == []
    found = [item for item in result.diagnostics if item.code == "DIP132"]
    if schema != DEEP:
        assert found == []
        return
    node = "A" if fmt == "dip" else "a"
    assert [(item.message, item.span.text) for item in found] == [
        (
            f"response_schema of agent `{node}` nests arrays or objects deeper than dipcheck "
            "reads: keep the schema to a few levels (providers refuse deep ones)",
            "[",
        )
    ]

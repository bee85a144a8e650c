"""Integers in workflow fields read as Go's strconv.Atoi reads them (dipcheck.integers)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipcheck import integers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        (" +7 ", 7),
        ("-12", -12),
        ("007", 7),
        ("9223372036854775807", 2**63 - 1),
        ("-9223372036854775808", -(2**63)),
        ("9223372036854775808", None),
        ("9" * 5000, None),  # int() itself refuses more than 4,300 digits
        ("--9", None),
        ("+-9", None),
        ("²", None),  # isdigit() says yes, int() raises
        ("٣", None),  # int() reads it, Go does not
        ("1_000", None),
        ("", None),
        ("1.0", None),
    ],
)
def test_parse(text: str, expected: int | None) -> None:
    assert integers.parse(text) == expected
    assert integers.parse_or(text, -5) == (-5 if expected is None else expected)


@given(st.text(max_size=30))
def test_parse_never_raises_and_reads_only_ascii_integers(text: str) -> None:
    number = integers.parse(text)
    if number is not None:
        assert int(text.strip()) == number
        assert text.strip().lstrip("+-").isascii()

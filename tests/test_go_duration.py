"""Durations read as Go's ``time.ParseDuration`` reads them (dippin and tracker parse every
duration field with it): the cases below are Go's own (``src/time/time_test.go``,
``parseDurationTests`` and ``parseDurationErrorTests``), and a duration past the 64 bits of a
``time.Duration`` is refused as Go refuses it."""

from __future__ import annotations

import pytest
from helpers import Finding, lint, only, run

from dipcheck.frontends.dip_schema import go_duration, go_duration_ns

MINUTE = 60 * 10**9


@pytest.mark.parametrize(
    ("text", "nanoseconds"),
    [
        ("0", 0),
        ("5s", 5 * 10**9),
        ("-5s", -5 * 10**9),
        ("1.5h", 90 * MINUTE),
        ("39h9m14.425s", ((39 * 60 + 9) * 60 + 14) * 10**9 + 425 * 10**6),
        ("0.3333333333333333333h", 20 * MINUTE),
        ("9007199254740993ns", (1 << 53) + 1),
        ("9223372036854775807ns", (1 << 63) - 1),
        ("9223372036854775.807us", (1 << 63) - 1),
        ("9223372036s854ms775us807ns", (1 << 63) - 1),
        ("-9223372036854775808ns", -(1 << 63)),
        ("-9223372036854775.808us", -(1 << 63)),
        ("-2562047h47m16.854775808s", -(1 << 63)),
        ("0.100000000000000000000h", 6 * MINUTE),
        ("0.830103483285477580700h", 49 * MINUTE + 48 * 10**9 + 372539827),
    ],
)
def test_what_go_reads(text: str, nanoseconds: int) -> None:
    assert go_duration_ns(text) == nanoseconds
    assert go_duration(text) == nanoseconds / 1e9


@pytest.mark.parametrize(
    "text",
    [
        "", "3", "-", "s", ".", "-.", ".s", "+.s", "1d",
        "9223372036854775810ns", "9223372036854775808ns", "-9223372036854775809ns",
        "99999999999999999999h", "2562048h", "\u0663s",  # (an Arabic-Indic 3: not an ASCII digit)
    ],
)  # fmt: skip
def test_what_go_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        go_duration_ns(text)
    assert go_duration(text) is None


def test_a_duration_past_go_s_range_is_a_dc005() -> None:
    """dippin refuses the file (`invalid duration`): dipcheck accepted any number of digits."""
    text = "workflow W\n  start: T\n  exit: T\n\n  tool T\n    command: true\n    timeout: {}\n"
    big = "99999999999999999999h"
    assert only(lint(text.format(big)), "DC005") == [
        Finding("DC005", "error", (7, 14), (7, 35), big)
    ]
    [item] = [item for item in run(text.format(big)).diagnostics if item.code == "DC005"]
    assert item.message == (
        "invalid duration '99999999999999999999h': past the largest Go duration "
        "(2562047h47m16.854775807s, about 292 years) for `timeout`"
    )
    assert only(lint(text.format("2562047h")), "DC005") == []  # the twin: within range

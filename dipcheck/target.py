"""The runtime version workflows are checked against (``target-version``, like ruff's).

Some findings are true only for some tracker releases: tracker up to v0.64.0 splits a
condition only on ``&&``/``||`` (tracker#647, docs/runtime/conditions.md), and a later release
splits dippin's ``and``/``or`` keywords too. Rules and the simulator ask a
:class:`TargetVersion` what the configured runtime does instead of assuming one release.
"""

from __future__ import annotations

from dipcheck.records import record
from dipcheck.terminal import quoted

# The release docs/runtime/ describes (v0.64.0, commit 226f4e27).
DEFAULT_TARGET = "0.64"

# What each known release does differently, by version. "0.65" stands for the first release
# after v0.64.0, which carries the fix for tracker#647.
_DESCRIPTIONS = {
    "0.64": "tracker v0.64 (and earlier): conditions split only on && and ||",
    "0.65": "tracker v0.65 and later: conditions also split on the and/or keywords (#647 fixed)",
}
KNOWN_TARGETS = tuple(_DESCRIPTIONS)


@record(frozen=True, slots=True)
class TargetVersion:
    major: int
    minor: int

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}"

    @property
    def description(self) -> str:
        return _DESCRIPTIONS[str(self)]

    @property
    def splits_condition_keywords(self) -> bool:
        """Does the runtime evaluate ``and``/``or``/``not``/parentheses as dippin reads them?
        (False through v0.64: tracker#647.)"""
        return (self.major, self.minor) > (0, 64)


def parse_target(text: str) -> TargetVersion:
    """``0.64`` or ``v0.64`` → a known target; anything else is a ``ValueError`` that lists
    the known versions."""
    cleaned = text.strip().lower().removeprefix("tracker").strip().removeprefix("v")
    if cleaned not in _DESCRIPTIONS:
        known = ", ".join(KNOWN_TARGETS)
        raise ValueError(f"unknown target version {quoted(text)} (known: {known})")
    major, minor = cleaned.split(".")
    return TargetVersion(int(major), int(minor))


DEFAULT = parse_target(DEFAULT_TARGET)

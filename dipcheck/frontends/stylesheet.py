"""Stylesheet selectors, with spans, for both stylesheet syntaxes.

``.dip`` (dippin-language.md §1.11): an indented block whose unindented lines are selectors
(``*``, a kind, ``.class``, ``#id``) and whose indented lines are ``key: value``.

DOT ``model_stylesheet`` (Attractor spec §8): CSS-like rules ``selector { key: value; … }``.
Its syntax errors are reported with their exact place inside the quoted value.
"""

from __future__ import annotations

import re

from dipcheck.model import Name, Text
from dipcheck.records import record

_SELECTOR = re.compile(r"\*|[#.]?[A-Za-z_][A-Za-z0-9_.\-]*")
_PROPERTY = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
STYLESHEET_PROPERTIES = ("llm_model", "llm_provider", "reasoning_effort")


@record(frozen=True, slots=True)
class StyleProblem:
    start: int
    end: int
    message: str


@record(frozen=True, slots=True)
class StyleProperty:
    name: str
    start: int
    end: int


@record
class Parsed:
    selectors: list[Name]
    properties: list[StyleProperty]
    problems: list[StyleProblem]


def dip_selectors(text: Text) -> list[Name]:
    """The selector lines of a ``.dip`` stylesheet block."""
    result: list[Name] = []
    position = 0
    for line in text.value.split("\n"):
        start = position
        position += len(line) + 1
        stripped = line.rstrip()
        if not stripped or stripped[0] in " \t":
            continue
        result.append(Name(stripped, text.span(start, start + len(stripped))))
    return result


def _skip_blank(value: str, index: int) -> int:
    while index < len(value):
        if value[index] in " \t\r\n":
            index += 1
        elif value.startswith("/*", index):
            close = value.find("*/", index + 2)
            index = len(value) if close == -1 else close + 2
        else:
            break
    return index


def parse_dot(text: Text) -> Parsed:
    """Parse a DOT ``model_stylesheet``: ``selector[, selector] { property: value; … }``."""
    value = text.value
    parsed = Parsed([], [], [])
    index = _skip_blank(value, 0)
    while index < len(value):
        group: list[Name] = []
        while True:
            match = _SELECTOR.match(value, index)
            if match is None:
                end = _next_stop(value, index)
                parsed.problems.append(
                    StyleProblem(
                        index,
                        max(end, index + 1),
                        "expected a selector (`*`, `.class`, `#id` or a shape)",
                    )
                )
                index = _after_block(value, index)
                break
            group.append(Name(match.group(), text.span(match.start(), match.end())))
            index = _skip_blank(value, match.end())
            if value.startswith(",", index):
                index = _skip_blank(value, index + 1)
                continue
            break
        if not group:
            index = _skip_blank(value, index)
            continue
        parsed.selectors.extend(group)
        if not value.startswith("{", index):
            parsed.problems.append(
                StyleProblem(
                    index,
                    min(index + 1, len(value)) if index < len(value) else index,
                    f"expected `{{` after the selector `{group[-1].value}`",
                )
            )
            index = _after_block(value, index)
            index = _skip_blank(value, index)
            continue
        index = _declarations(text, index + 1, parsed)
        index = _skip_blank(value, index)
    return parsed


def _next_stop(value: str, index: int) -> int:
    end = index
    while end < len(value) and value[end] not in " \t\r\n{};":
        end += 1
    return end


def _after_block(value: str, index: int) -> int:
    close = value.find("}", index)
    return len(value) if close == -1 else close + 1


def _declarations(text: Text, index: int, parsed: Parsed) -> int:
    """``property: value;`` entries up to the closing ``}``; returns the offset after it."""
    value = text.value
    opening = index - 1
    while True:
        index = _skip_blank(value, index)
        if index >= len(value):
            parsed.problems.append(
                StyleProblem(opening, opening + 1, "this `{` is never closed with `}`")
            )
            return index
        if value[index] == "}":
            return index + 1
        if value[index] == ";":
            index += 1
            continue
        match = _PROPERTY.match(value, index)
        if match is None:
            end = _next_stop(value, index)
            parsed.problems.append(
                StyleProblem(index, max(end, index + 1), "expected a property name")
            )
            index = max(end, index + 1)
            continue
        name_end = match.end()
        colon = _skip_blank(value, name_end)
        if not value.startswith(":", colon):
            parsed.problems.append(
                StyleProblem(
                    match.start(),
                    name_end,
                    f"`{match.group()}` needs a value: `{match.group()}: …;`",
                )
            )
            index = _skip_to(value, name_end)
            continue
        parsed.properties.append(StyleProperty(match.group(), match.start(), name_end))
        stop = _skip_to(value, colon + 1)
        if not value[colon + 1 : stop].strip().rstrip(";").strip():
            parsed.problems.append(
                StyleProblem(match.start(), name_end, f"`{match.group()}` has an empty value")
            )
        index = stop


def _skip_to(value: str, index: int) -> int:
    """The offset after the next `;`, or at the next `}` (or the end)."""
    while index < len(value) and value[index] not in ";}":
        index += 1
    if index < len(value) and value[index] == ";":
        index += 1
    return index

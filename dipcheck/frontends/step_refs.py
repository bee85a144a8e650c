"""The reference grammar of YAML step workflows (seed 001, ADR-0013).

A step names another step's output in two places: an entry of its ``inputs:`` seam
(``plan``, ``plan.plan_doc``, ``input.issue``) and a ``{{ … }}`` placeholder in its
``prompt:``. The front-end turns well-formed references into model references; the L-rules
use the same scanner to find the malformed ones. Offsets are indices into the scanned value,
so a :class:`~dipcheck.model.Text` maps them back into the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import StrEnum

from dipcheck.records import record

NAME_PATTERN = "[A-Za-z_][A-Za-z0-9_-]*"
INPUT_NAMESPACE = "input"

_NAME = re.compile(NAME_PATTERN)
_REFERENCE = re.compile(rf"({NAME_PATTERN})(?:\.({NAME_PATTERN}))?")


def is_name(text: str) -> bool:
    """Is ``text`` a valid step (or output field) name?"""
    return _NAME.fullmatch(text) is not None


class Form(StrEnum):
    STEP = "step"  # plan
    FIELD = "field"  # plan.plan_doc
    INPUT = "input"  # input.issue
    MALFORMED = "malformed"


@record(frozen=True, slots=True)
class StepRef:
    """One reference. ``start``/``end`` delimit the reference text (``input.issue``); for a
    placeholder ``outer_start``/``outer_end`` delimit ``{{ … }}``, for an ``inputs:`` entry
    they equal ``start``/``end``. ``name`` is the step, or the parameter for ``input.<name>``;
    ``name_start`` is where it begins."""

    form: Form
    name: str
    field: str
    start: int
    end: int
    name_start: int
    outer_start: int
    outer_end: int
    problem: str = ""

    @property
    def key(self) -> str:
        """The model key: the step, ``step.field``, or the parameter name."""
        return f"{self.name}.{self.field}" if self.form is Form.FIELD else self.name


def parse(text: str, offset: int = 0, outer: tuple[int, int] | None = None) -> StepRef:
    """Classify reference text (already trimmed) found at ``offset`` of the scanned value."""
    end = offset + len(text)
    outer_start, outer_end = outer or (offset, end)
    match = _REFERENCE.fullmatch(text)
    if match is None:
        problem = "it is empty" if not text else f"`{text}` is not a step name"
        return StepRef(Form.MALFORMED, "", "", offset, end, offset, outer_start, outer_end, problem)
    first, second = match.group(1), match.group(2)
    if second is None:
        return StepRef(Form.STEP, first, "", offset, end, offset, outer_start, outer_end)
    if first == INPUT_NAMESPACE:
        name_start = offset + len(first) + 1
        return StepRef(Form.INPUT, second, "", offset, end, name_start, outer_start, outer_end)
    return StepRef(Form.FIELD, first, second, offset, end, offset, outer_start, outer_end)


def placeholders(value: str) -> Iterator[StepRef]:
    """Every ``{{ … }}`` in a prompt, in order. A ``{{`` that another ``{{`` or the end of
    the text follows before any ``}}`` is reported as malformed (it covers just ``{{``)."""
    index = value.find("{{")
    close = -2  # the first `}}` after the placeholder, kept while it is ahead: each `{{` of
    # a text with no `}}` after it looked for one to the end (300,000 took minutes)
    while index != -1:
        while value.startswith("{", index + 2):
            index += 1  # in `{{{ x }}}` the placeholder starts at the innermost `{{`
        if close != -1 and close < index + 2:
            close = value.find("}}", index + 2)
        reopen = value.find("{{", index + 2)
        if close == -1 or (reopen != -1 and reopen < close):
            yield StepRef(
                Form.MALFORMED,
                "",
                "",
                index,
                index + 2,
                index,
                index,
                index + 2,
                "`{{` is never closed with `}}`",
            )
            index = reopen
            continue
        inner = value[index + 2 : close]
        stripped = inner.strip()
        lead = len(inner) - len(inner.lstrip())
        yield parse(stripped, index + 2 + lead, (index, close + 2))
        index = value.find("{{", close + 2)

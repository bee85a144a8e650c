"""``dipcheck convert``: a DOT pipeline as a ``.dip`` file and back, through the workflow model
(and, for ``.dip``, the formatter), comments and prompts kept.

Every conversion is checked, as dippin's ``validate-migration`` checks a migration: the
converted text is lowered again and must give the same workflow as the original
(:func:`dipcheck.semdiff.compare.compare` across formats: same nodes, kinds and handlers, same
fields and prompts, same edges tried in the same order with the same conditions as tracker
evaluates them), and lint with the same findings, code by code, except the codes that only
one format has (:func:`~dipcheck.semdiff.routing.format_specific`). What the target format
cannot say is listed in the notes; a difference that changes what the runtime does shows up
in the parity check too.
"""

from __future__ import annotations

import os

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic
from dipcheck.engine import LintResult, lint_text
from dipcheck.records import field, record
from dipcheck.semdiff.compare import Change, compare
from dipcheck.semdiff.routing import format_specific, unmatched
from dipcheck.semdiff.shape import shape

SUFFIXES = {"dip": ".dip", "dot": ".dot"}


@record
class Parity:
    changes: list[Change] = field(default_factory=list)
    only_original: list[Diagnostic] = field(default_factory=list)
    only_converted: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.changes and not self.only_original and not self.only_converted


@record
class Conversion:
    text: str
    target: str
    path: str  # where the converted file would be written by default
    notes: list[str]
    parity: Parity
    converted: LintResult


class ConvertError(Exception):
    """The file cannot be converted (not a workflow, an id the target cannot spell …)."""


def target_path(path: str, target: str) -> str:
    root, _ = os.path.splitext(path)
    return root + SUFFIXES[target]


def findings_parity(original: LintResult, converted: LintResult) -> Parity:
    skip = format_specific()
    left = [item for item in original.diagnostics if item.code not in skip]
    right = [item for item in converted.diagnostics if item.code not in skip]
    assert original.workflow is not None and converted.workflow is not None
    only_left, only_right = unmatched(
        original.workflow, left, converted.workflow, right, by_message=False
    )
    return Parity([], only_left, only_right)


def parity(original: LintResult, converted: LintResult, config: Config) -> Parity:
    """Does ``converted`` lower to the same workflow as ``original`` and lint the same?"""
    assert original.workflow is not None and converted.workflow is not None
    result = findings_parity(original, converted)
    # what the runtime sees: back-edge marks, display labels beside a choice, Graphviz
    # presentation and the ignored `else` edge are left out, whatever the two formats
    result.changes = compare(
        shape(original.workflow, config.target),
        shape(converted.workflow, config.target),
        across_formats=True,
    )
    return result


def convert(original: LintResult, target: str, config: Config) -> Conversion:
    from dipcheck.convert.comments import attach

    workflow = original.workflow
    if workflow is None:
        raise ConvertError(f"{original.path}: not a workflow dipcheck can load")
    if workflow.format not in SUFFIXES:
        raise ConvertError(f"{original.path}: only .dip and DOT workflows can be converted")
    attached = attach(workflow)
    notes: list[str] = []
    if target == "dot":
        from dipcheck.convert.to_dot import to_dot

        written = to_dot(workflow, attached)
        text = written.text
    else:
        from dipcheck.convert.to_dip import ConvertError as DipError
        from dipcheck.convert.to_dip import to_dip
        from dipcheck.formatter import FormatError, format_dip

        try:
            written = to_dip(workflow, attached)
        except DipError as error:
            raise ConvertError(f"{original.path}: {error}") from None
        text = written.text
        try:
            text = format_dip(text)
        except FormatError as error:
            notes.append(f"the .dip text is not laid out by `dipcheck fmt`: {error}")
    notes = written.notes + notes
    path = target_path(original.path, target)
    converted = lint_text(text, os.path.abspath(path), config, fmt=target)
    if converted.workflow is None:
        problems = "; ".join(item.message for item in converted.diagnostics[:3])
        raise ConvertError(f"{original.path}: the converted text does not load ({problems})")
    return Conversion(text, target, path, notes, parity(original, converted, config), converted)

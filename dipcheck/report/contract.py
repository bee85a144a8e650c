"""The JSON output contract of ``dipcheck lint --format json`` as pydantic models.

This is the document shape described in ``docs/output-format.md`` (version 1). It exists so
that tests, and scripts that consume dipcheck's output, can validate a document strictly
(``LintDocument.model_validate_json(text)``): unknown keys are rejected at every level.

The CLI never imports this module: pydantic is slow to import and the lint path does not need
it (``dipcheck.report.json`` builds the document from plain dictionaries).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Position(_Strict):
    """1-based line and column; columns count Unicode code points."""

    line: int = Field(ge=1)
    column: int = Field(ge=1)


class Range(_Strict):
    """``end`` is exclusive."""

    start: Position
    end: Position


class Related(_Strict):
    file: str
    range: Range
    message: str


class TextEdit(_Strict):
    range: Range
    text: str


class Fix(_Strict):
    description: str
    safety: Literal["safe", "unsafe"]
    edits: list[TextEdit]


class Diagnostic(_Strict):
    code: str = Field(pattern=r"^[A-Z]+[0-9]+$")
    name: str
    severity: Literal["error", "warning", "info", "hint"]
    message: str
    file: str
    range: Range
    related: list[Related]
    fix: Fix | None
    url: str


class Tool(_Strict):
    name: Literal["dipcheck"]
    version: str


class Summary(_Strict):
    files: int = Field(ge=0)
    errors: int = Field(ge=0)
    warnings: int = Field(ge=0)
    infos: int = Field(ge=0)
    hints: int = Field(ge=0)
    # files found in named directories and left out because they are no workflow (added
    # after version 1 was pinned; a document without it is still valid)
    skipped: int = Field(default=0, ge=0)


class LintDocument(_Strict):
    """The one JSON document ``dipcheck lint --format json`` writes to standard output."""

    version: Literal[1]
    tool: Tool
    files: list[str]
    diagnostics: list[Diagnostic]
    summary: Summary

"""The JSON document of ``dipcheck test --format json`` (and its ``coverage`` part) as strict
pydantic models. Tests and scripts validate output with them; the CLI does not import this
module.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from dipcheck.simulate.trace import STATUSES

Status = Literal[STATUSES]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Position(_Strict):
    line: int
    column: int
    message: str


class FailureModel(_Strict):
    expectation: str
    line: int
    column: int
    message: str
    expected: Any
    actual: Any
    decision: list[str]


class DippinVerdict(_Strict):
    passes: bool
    status: Literal["success", "dead_end", "error"]
    path: list[str]
    failures: list[str]
    where: str | None
    why: str


class CaseModel(_Strict):
    name: str
    line: int
    outcome: Literal["passed", "failed", "error"]
    seconds: float
    status: Status | None
    path: list[str]
    error: str | None
    failures: list[FailureModel]
    notes: list[str]
    dippin: DippinVerdict | None


class FileModel(_Strict):
    file: str
    format: Literal["dipcheck", "dippin"]
    workflow: str | None
    error: Position | None
    warnings: list[Position]
    tests: list[CaseModel]


class Summary(_Strict):
    files: int
    tests: int
    passed: int
    failed: int
    errors: int


class Item(_Strict):
    kind: Literal["edges", "outcomes", "answers", "markers", "clauses"]
    node: str
    label: str
    line: int
    column: int
    hits: int
    covered: bool


class Count(_Strict):
    covered: int
    total: int


class WorkflowCoverage(_Strict):
    file: str
    percent: float
    covered: int
    total: int
    kinds: dict[str, Count]
    items: list[Item]


class CoverageDocument(_Strict):
    percent: float
    covered: int
    total: int
    workflows: list[WorkflowCoverage]


class ReportDocument(_Strict):
    version: Literal[1]
    target: str
    files: list[FileModel]
    summary: Summary
    coverage: CoverageDocument | None = None

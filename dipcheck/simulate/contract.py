"""The JSON documents of ``dipcheck simulate --format json`` as strict pydantic models
(the ``dipcheck simulate FILE --format json`` document): one run, or with ``--all-paths``
the explored paths. Tests and scripts validate output with them; the CLI does not import this
module.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from dipcheck.report.contract import Diagnostic, Range
from dipcheck.simulate.trace import REASONS, STATUSES

Status = Literal[STATUSES]  # type: ignore[valid-type]
Reason = Literal[REASONS]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rejected(_Strict):
    from_: str = Field(alias="from")
    to: str
    why: str


class Edge(_Strict):
    from_: str = Field(alias="from")
    to: str
    reason: Reason
    why: str
    rejected: list[Rejected]
    restart: str | None
    restart_why: str
    override: bool
    range: Range | None


class Step(_Strict):
    index: str
    node: str
    handler: str
    outcome: str  # success, fail, retry, error; a YAML step reports any result
    attempt: int
    edge: Edge | None
    writes: list[str]
    values: dict[str, str]
    notes: list[str]
    within: str | None
    depth: int
    text: dict[str, str]


class SimulateDocument(_Strict):
    version: Literal[1]
    file: str
    target: str
    scenario: str | None
    status: Status
    message: str
    path: list[str]
    steps: list[Step]
    diagnostics: list[Diagnostic]

    class_: Literal["succeeded", "failed"] = Field(alias="class")


class PathEdge(_Strict):
    from_: str = Field(alias="from")
    to: str
    reason: Reason


class PathStep(_Strict):
    node: str
    outcome: str
    edge: PathEdge | None
    writes: list[str]


class ExploredPath(_Strict):
    status: Status
    class_: Literal["succeeded", "failed"] = Field(alias="class")
    message: str
    path: list[str]
    world: list[str]
    steps: list[PathStep]


class PathsDocument(_Strict):
    version: Literal[1]
    file: str
    target: str
    scenario: str | None
    complete: bool
    truncated: str | None
    states: int
    paths: list[ExploredPath]
    diagnostics: list[Diagnostic]

"""``dipcheck diff``: what changed between two versions of a workflow, in the workflow's own
terms, and what that does to routing.

``shape`` reduces a workflow to what the runtime sees; ``compare`` lists the changes (settings,
nodes, fields, prompts, edges, conditions, edge order); ``routing`` says what they do (edges
that can now fire or no longer can, ways to the exit gained or lost, findings introduced or
fixed); ``report`` writes text, Markdown or JSON; ``sources`` reads files and ``git:REV:path``.
"""

from __future__ import annotations

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic
from dipcheck.records import record
from dipcheck.semdiff.compare import Change, compare
from dipcheck.semdiff.routing import (
    DEFAULT_MAX_STATES,
    Effect,
    effects,
    format_specific,
    prepare,
)
from dipcheck.semdiff.sources import Version


class DiffError(Exception):
    """A version that is not a workflow dipcheck can load."""


@record
class Diff:
    old: str
    new: str
    changes: list[Change]
    effects: list[Effect]

    @property
    def empty(self) -> bool:
        return not self.changes and not any(item.kind != "note" for item in self.effects)


def _load(version: Version, config: Config) -> tuple[object, list[Diagnostic]]:
    from dipcheck.engine import lint_text, not_loaded

    result = lint_text(version.text, version.path, config, reader=version.reader)
    if result.workflow is None:
        raise DiffError(not_loaded(version.label, result))
    return result.workflow, list(result.diagnostics)


def diff(
    old: Version, new: Version, config: Config | None = None, max_states: int = DEFAULT_MAX_STATES
) -> Diff:
    from dipcheck.model import Workflow

    config = config or Config()
    sides = []
    for version in (old, new):
        workflow, findings = _load(version, config)
        assert isinstance(workflow, Workflow)
        sides.append(prepare(workflow, findings, config.target, max_states))
    before, after = sides
    across = before.workflow.format != after.workflow.format
    if across:  # a finding only one format can have is not a change
        skip = format_specific()
        for side in sides:
            side.findings = [item for item in side.findings if item.code not in skip]
    changes = compare(before.shape, after.shape, across_formats=across)
    return Diff(old.label, new.label, changes, effects(before, after))

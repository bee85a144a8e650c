"""The model of an Ordewell plan (other-formats.md §5): JSON values with their spans, the tasks as
Ordewell holds them, and the plan a file carries.

A front-end (:mod:`dipcheck.frontends.ordewell`) builds these and also lowers the plan into the
format-neutral :class:`~dipcheck.model.Workflow` (tasks → nodes, dependencies → edges); the
plan rules, the wave simulator and the hand-over composer read the richer view here.

Each task has two faces. ``obj`` is the JSON object as written (every member with its span);
``js`` holds the values Ordewell's code works with, as JavaScript values (:mod:`dipcheck.jsvalue`):
for a plan the planner emitted, what ``parseTask`` makes of it (``PlanValidator.ts``: ``String``/
``Number`` coercions, the prompt falling back to the description and the title, ``type`` other
than ``"user"`` meaning ``ai``, invalid ``autonomy``/``sliceType`` dropped and inherited); for a
stored plan (a session file), the members exactly as stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from dipcheck.jsvalue import UNDEFINED
from dipcheck.model import Text
from dipcheck.records import field, record
from dipcheck.source import SourceText, Span

SLICE_VALUES = ("AFK", "HITL")
DEFAULT_RUNNERS = ("claude-code", "codex", "opencode")


# -- JSON values with spans --------------------------------------------------------------------


@record(eq=False, slots=True)
class JValue:
    span: Span

    def py(self) -> Any:
        raise NotImplementedError


@record(eq=False, slots=True)
class JString(JValue):
    value: str
    # the map of the decoded value back into the file; None (most strings) when the value is
    # the text between the quotes, verbatim: a plan of 46,000 tasks holds 600,000 strings
    segments: tuple[tuple[int, int], ...] | None = None

    def py(self) -> Any:
        return self.value

    @property
    def text(self) -> Text:
        """The decoded value mapped back into the file."""
        if self.segments is None:
            return Text(self.value, self.span.source, ((0, self.span.start + 1),))
        return Text(self.value, self.span.source, self.segments)

    @property
    def inner(self) -> Span:
        """The span between the quotes."""
        return Span(
            self.span.source, self.span.start + 1, max(self.span.start + 1, self.span.end - 1)
        )


@record(eq=False, slots=True)
class JNumber(JValue):
    value: float

    def py(self) -> Any:
        return self.value


@record(eq=False, slots=True)
class JLiteral(JValue):
    """``true``, ``false`` or ``null``."""

    value: bool | None

    def py(self) -> Any:
        return self.value


@record(eq=False, slots=True)
class JArray(JValue):
    items: list[JValue] = field(default_factory=list)

    def py(self) -> Any:
        return [item.py() for item in self.items]


@record(eq=False, slots=True)
class JMember:
    key: JString
    value: JValue

    @property
    def span(self) -> Span:
        return Span(self.key.span.source, self.key.span.start, self.value.span.end)


@record(eq=False, slots=True)
class JObject(JValue):
    members: list[JMember] = field(default_factory=list)
    _index: dict[str, JMember] | None = None

    def member(self, key: str) -> JMember | None:
        """The member ``key``; a repeated key keeps its last value (``JSON.parse``)."""
        if self._index is None:
            self._index = {item.key.value: item for item in self.members}
        return self._index.get(key)

    def get(self, key: str) -> JValue | None:
        found = self.member(key)
        return found.value if found is not None else None

    def py(self) -> Any:
        return {item.key.value: item.value.py() for item in self.members}

    def raw(self, key: str) -> Any:
        """The member's value as JavaScript sees it (:data:`UNDEFINED` when absent)."""
        found = self.get(key)
        return found.py() if found is not None else UNDEFINED


# -- tasks and plans ---------------------------------------------------------------------------


class PlanKind(StrEnum):
    OBJECT = "object"  # a plan object: `{"tasks": [...]}` as the planner emits it
    REPLY = "reply"  # a planner reply: prose, fences, think blocks, one or more plan objects
    SESSION = "session"  # `.ordewell/sessions/*.json`: `{meta, plan}`, the stored state


@record(eq=False)
class PlanTask:
    """One task of the tree, subtasks included. ``index`` is its place in the flattened,
    parent-first order (``flattenTasks``); ``js`` the values Ordewell works with."""

    obj: JValue
    index: int
    parent: PlanTask | None
    depth: int
    js: dict[str, Any]
    subtasks: list[PlanTask] = field(default_factory=list)
    deps: list[Dependency] = field(default_factory=list)
    # what parsing did to the written values (for O17): member name → what happened
    dropped: dict[str, str] = field(default_factory=dict)
    inherited: dict[str, str] = field(default_factory=dict)

    @property
    def object(self) -> JObject | None:
        return self.obj if isinstance(self.obj, JObject) else None

    def member(self, key: str) -> JMember | None:
        found = self.object
        return found.member(key) if found is not None else None

    def value(self, key: str) -> JValue | None:
        found = self.member(key)
        return found.value if found is not None else None

    @property
    def id(self) -> Any:
        return self.js.get("id", UNDEFINED)

    @property
    def is_user(self) -> bool:
        return self.js.get("type") == "user"

    @property
    def anchor(self) -> Span:
        """Where a finding about the whole task points: its ``"id"`` member, else its
        opening brace."""
        found = self.member("id")
        if found is not None:
            return found.span
        return Span(self.obj.span.source, self.obj.span.start, self.obj.span.start + 1)

    @property
    def id_span(self) -> Span:
        """The id's text (inside the quotes), or the opening brace without an id."""
        found = self.value("id")
        if isinstance(found, JString):
            return found.inner
        if found is not None:
            return found.span
        return Span(self.obj.span.source, self.obj.span.start, self.obj.span.start + 1)

    def ancestors(self) -> Iterator[PlanTask]:
        parent = self.parent
        while parent is not None:
            yield parent
            parent = parent.parent


@record(eq=False, slots=True)
class Dependency:
    """One entry of a task's ``dependencies`` list: the id Ordewell compares (a string after
    ``parseTask``; as stored in a session) and the entry's span."""

    task: PlanTask
    value: Any
    node: JValue

    @property
    def text(self) -> str:
        from dipcheck.jsvalue import to_string

        return to_string(self.value) if not isinstance(self.value, dict) else "[object Object]"


@record(eq=False, slots=True)
class Candidate:
    """A `tasks`-keyed object of a planner reply, in reply order; ``error`` says why Ordewell
    rejects it (None: it would be accepted)."""

    span: Span
    root: JObject | None
    error: str | None
    error_span: Span | None = None
    over_limit: bool = False  # ``error`` is dipcheck's limit, not a refusal of Ordewell's


@record(eq=False)
class Plan:
    """The plan a file carries: the top-level tasks (the one Ordewell would lint or run), the
    flattened tree, the enabled runners and, for a reply, every candidate."""

    source: SourceText
    kind: PlanKind
    tasks: list[PlanTask]
    flat: list[PlanTask]
    root: JObject
    tasks_member: JMember
    runners: tuple[str, ...] = DEFAULT_RUNNERS
    runners_from_session: bool = False
    stored: bool = False  # statuses, summaries and markers come from the file
    candidates: list[Candidate] = field(default_factory=list)
    selected: int | None = None  # the candidate Ordewell runs (None: none validates)
    linted: int | None = None  # the candidate linted (the last one)
    session_meta: JObject | None = None
    # spans of text inside strings that Ordewell's repairs delete, with what deletes them
    rewrites: list[tuple[Span, str]] = field(default_factory=list)
    comma_offsets: list[int] = field(default_factory=list)  # commas the repair deletes

    # a reply's plan that Ordewell would run, when it is not this one (an earlier draft)
    running: Plan | None = None

    @property
    def runs(self) -> Plan | None:
        """The plan Ordewell runs: this one, an earlier draft of the reply, or none."""
        if self.kind is not PlanKind.REPLY:
            return self
        if self.selected is not None and self.selected == self.linted:
            return self
        return self.running

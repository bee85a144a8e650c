"""The Ordewell front-end (other-formats.md §5): a plan object, a planner reply or a session
file → :class:`~dipcheck.plan.Plan` and its lowering into the workflow model.

Three inputs, one path:

* a **planner reply** (prose, fences, ``<think>`` blocks, one or more ``{"tasks": [...]}``
  objects) is read as ``parsePlanJson`` reads it (``PlanValidator.ts``, ``JsonExtractor.ts``):
  noise stripped, every balanced ``tasks``-keyed object a candidate, each repaired (control
  characters in strings escaped, trailing commas dropped) and validated; Ordewell commits the
  last one that validates. dipcheck lints the **last** candidate (the one Ordewell reports
  errors for) and records which one would run;
* a **plan object** (a ``.json`` file whose top level is ``{"tasks": [...]}``) is a reply with
  one candidate;
* a **session file** (``{meta, plan}``, ``.ordewell/sessions/*.json``) is read with plain
  ``JSON.parse`` (``sessionStore.ts``: no repairs) and its tasks are the stored state.

A ``.json`` file of another shape is not a plan: no workflow, no findings (unless a
``dialect`` glob or ``--dialect ordewell`` names it). The shape is a ``"tasks":`` member and a
member only an Ordewell task has (``dependencies``, ``sliceType``, ``autonomy``, ``assignedRunner``,
``subtasks``, ``userSteps``, ``completionMarker``), so that other files with a ``tasks`` list
(VS Code's ``tasks.json``) are left alone. Loader findings: DC001 (no plan object,
truncated, JSON the repairs cannot save, a session that is not JSON), DC005 (a task Ordewell
cannot read at all: ``null`` in a task list, a scalar ``runner`` in a session file).

Lowering: every task and subtask becomes a node (``type: "user"`` → HUMAN, else AGENT) whose
fields are the task's members; each dependency entry becomes an edge from the dependency to
the task (spans on the entry), so that the language server resolves a dependency to its task.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from dipcheck import jsvalue
from dipcheck.diagnostics import Diagnostic, loading_finding, too_many_tokens
from dipcheck.frontends.common import FileReader, FrontendResult, read_from_disk
from dipcheck.frontends.json_scan import (
    Chain,
    JsonError,
    OffsetMap,
    Parser,
    TooLarge,
    escape_controls,
    find_objects,
    parse_strict,
    strip_commas,
    strip_noise,
)
from dipcheck.jsvalue import UNDEFINED, JsTypeError, coalesce, nullish, to_number, to_string, truthy
from dipcheck.model import Dialect, Edge, Field, Name, Node, NodeKind, Text, Workflow
from dipcheck.plan import (
    DEFAULT_RUNNERS,
    SLICE_VALUES,
    Candidate,
    Dependency,
    JArray,
    JObject,
    JString,
    JValue,
    Plan,
    PlanKind,
    PlanTask,
)
from dipcheck.records import record
from dipcheck.source import MAX_TOKENS, SourceText, Span

MAX_PLAN_CHARS = 8 * 1024 * 1024
MAX_TASKS = 100_000
# fields a stored task carries that `parseTask` does not read: taken from the file when present
STORED_FIELDS = ("status", "outputSummary", "completionMarker", "verdict")
_LOOKS_LIKE_PLAN = re.compile(r'"tasks"\s*:')
_LOOKS_LIKE_SESSION = re.compile(r'"meta"\s*:')
# a member only an Ordewell task has (VS Code's tasks.json, for one, has `tasks` too)
_TASK_MEMBER = re.compile(
    r'"(?:sliceType|autonomy|dependencies|subtasks|completionMarker|userSteps|assignedRunner)"\s*:'
)


class Crash(Exception):
    """Ordewell's own code throws a TypeError here (not a plan error it reports)."""

    def __init__(self, span: Span, message: str) -> None:
        super().__init__(message)
        self.span = span
        self.message = message


@record
class _Read:
    """One candidate read: its root object, why Ordewell rejects it, and the plan built."""

    candidate: Candidate
    plan: Plan | None
    crash: Crash | None = None


def load_plan(
    source: SourceText,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    *,
    require: bool = False,
    runners: tuple[str, ...] = (),
) -> FrontendResult:
    """Load an Ordewell plan. ``require``: the file is named as one (a dialect glob or
    ``--dialect``), so a file that is not a plan is reported; ``runners``: the enabled
    runners (default ``claude-code``, ``codex``, ``opencode``; a session's own win)."""
    del base_dir, reader
    text = source.text
    enabled = runners or DEFAULT_RUNNERS
    if not require and not (_LOOKS_LIKE_PLAN.search(text) and _TASK_MEMBER.search(text)):
        return FrontendResult(None)
    if len(text) > MAX_PLAN_CHARS:
        return FrontendResult(
            None,
            [
                loading_finding(
                    "DC002",
                    Span(source, 0, 0),
                    f"the file has {len(text)} characters, over the {MAX_PLAN_CHARS} limit "
                    "for Ordewell plans",
                )
            ],
        )
    try:
        if _LOOKS_LIKE_SESSION.search(text) and text.lstrip().startswith("{"):
            session = _session(source, enabled, require)
            if session is not None:
                return session
        return _reply(source, enabled, require)
    except TooLarge as error:
        return FrontendResult(None, [too_many_tokens(error.span, MAX_TOKENS, "JSON values")])


# -- session files ---------------------------------------------------------------------------


def _session(source: SourceText, runners: tuple[str, ...], require: bool) -> FrontendResult | None:
    """A `{meta, plan}` session file, or None when the text is not one (then it is read as a
    plan object or a reply)."""
    try:
        root = parse_strict(source)
    except JsonError:
        return None
    if not isinstance(root, JObject):
        return None
    meta = root.get("meta")
    plan_value = root.get("plan")
    if not isinstance(plan_value, JObject) or meta is None:
        return None
    tasks_member = plan_value.member("tasks")
    if tasks_member is None or not isinstance(tasks_member.value, JArray):
        if not require:
            return None
        return FrontendResult(
            None,
            [
                loading_finding(
                    "DC001", root.span, "session file without a `plan.tasks` list of tasks"
                )
            ],
        )
    diagnostics: list[Diagnostic] = []
    for holder in (meta, plan_value):
        runner = holder.member("runner") if isinstance(holder, JObject) else None
        if runner is not None and isinstance(runner.value, JString):
            diagnostics.append(
                loading_finding(
                    "DC005",
                    runner.span,
                    "a scalar `runner` marks a session file of an older Ordewell: it refuses "
                    "to load it (`sessionStore.ts`); re-plan, or replace it by `runners: "
                    f'["{runner.value.value}"]`',
                )
            )
    session_runners = plan_value.raw("runners")
    from_session = isinstance(session_runners, list) and all(
        isinstance(item, str) for item in session_runners
    )
    enabled = tuple(session_runners) if from_session else runners
    builder = _Builder(source, stored=True, runners=enabled)
    try:
        tasks = builder.tasks(tasks_member.value)
    except Crash as crash:
        diagnostics.append(loading_finding("DC005", crash.span, crash.message))
        return FrontendResult(None, diagnostics)
    plan = Plan(
        source,
        PlanKind.SESSION,
        tasks,
        builder.flat,
        plan_value,
        tasks_member,
        runners=enabled,
        runners_from_session=from_session,
        stored=True,
        session_meta=meta if isinstance(meta, JObject) else None,
    )
    return _lowered(plan, diagnostics)


# -- plan objects and replies ----------------------------------------------------------------


def _reply(source: SourceText, runners: tuple[str, ...], require: bool) -> FrontendResult:
    view, chain, deletions = strip_noise(source.text)
    objects = find_objects(view)
    diagnostics: list[Diagnostic] = []
    if not objects.matches:
        if not require and not _LOOKS_LIKE_PLAN.search(view):
            return FrontendResult(None)
        if objects.unbalanced is not None:
            start = chain.back(objects.unbalanced)
            span = Span(source, start, start + 1)
            message = (
                "the plan is truncated: this `{` is never closed, so Ordewell finds no "
                "complete `tasks` object (the planner likely hit its output limit); re-run the "
                "planner or ask for terser tasks"
            )
        else:
            where = _LOOKS_LIKE_PLAN.search(view)
            start = chain.back(where.start()) if where else 0
            span = Span(source, start, start + (len(where.group()) if where else 0))
            message = (
                'no plan object: Ordewell looks for a balanced `{"tasks": [...]}` object in '
                "the reply and finds none"
            )
        return FrontendResult(None, [loading_finding("DC001", span, message)])
    reads = [_read(source, view, chain, start, end, runners) for start, end in objects.matches]
    # Ordewell tries the candidates from the last to the first; a TypeError stops it
    selected: int | None = None
    for index in range(len(reads) - 1, -1, -1):
        read = reads[index]
        if read.crash is not None:
            break
        if read.candidate.error is None:
            selected = index
            break
    last = len(reads) - 1
    linted = last if reads[last].plan is not None else selected
    for read in reads:
        if read.crash is not None and (read is reads[last] or read.plan is None):
            diagnostics.append(loading_finding("DC005", read.crash.span, read.crash.message))
    if linted is None:
        error = reads[last].candidate
        if reads[last].crash is None and error.over_limit:
            # (`JSON.parse` may read it: dipcheck does not say Ordewell cannot)
            diagnostics.append(
                loading_finding(
                    "DC002",
                    error.error_span or error.span,
                    f"the plan is {error.error}, over dipcheck's limit: it checks nothing in "
                    "the file",
                )
            )
        elif reads[last].crash is None:
            span = error.error_span or error.span
            diagnostics.append(
                loading_finding("DC001", span, f"Ordewell cannot read this plan: {error.error}")
            )
        return FrontendResult(None, diagnostics)
    plan = reads[linted].plan
    assert plan is not None
    plan.kind = (
        PlanKind.REPLY if len(reads) > 1 or _has_prose(view, objects.matches) else PlanKind.OBJECT
    )
    plan.candidates = [read.candidate for read in reads]
    plan.selected = selected
    plan.linted = linted
    if selected is not None and selected != linted:
        plan.running = reads[selected].plan
    plan.rewrites = _rewrites(plan, deletions)
    if linted != last:  # the last candidate is not JSON: what runs is what is linted
        plan.kind = PlanKind.REPLY
    return _lowered(plan, diagnostics)


def _has_prose(view: str, matches: list[tuple[int, int]]) -> bool:
    return not (len(matches) == 1 and matches[0] == (0, len(view)))


def _read(
    source: SourceText,
    view: str,
    chain: Chain,
    start: int,
    end: int,
    runners: tuple[str, ...],
) -> _Read:
    """Repair, parse and validate one candidate as ``parsePlanObject`` does."""
    escaped, escape_map = escape_controls(view[start:end])
    cleaned, comma_map, commas = strip_commas(escaped)
    shift = OffsetMap((0,), (start,))
    full = Chain(chain.maps).then(shift).then(escape_map).then(comma_map)
    span = chain.span(source, start, end)
    try:
        root = Parser(cleaned, source, full).parse()
    except JsonError as error:
        where = full.span(source, error.offset, error.end)
        if error.over_limit:
            return _Read(Candidate(span, None, error.message, where, over_limit=True), None)
        return _Read(Candidate(span, None, f"not valid JSON: {error.message}", where), None)
    if not isinstance(root, JObject) or not isinstance(root.get("tasks"), JArray):
        return _Read(Candidate(span, None, "missing tasks array"), None)
    tasks_member = root.member("tasks")
    assert tasks_member is not None and isinstance(tasks_member.value, JArray)
    if not tasks_member.value.items:
        return _Read(Candidate(span, root, "the plan contains no tasks", tasks_member.span), None)
    own = root.raw("runners")  # a saved plan state (a session's `plan`) names its runners
    from_plan = isinstance(own, list) and bool(own) and all(isinstance(i, str) for i in own)
    if from_plan:
        runners = tuple(own)
    builder = _Builder(source, stored=False, runners=runners)
    try:
        tasks = builder.tasks(tasks_member.value)
    except Crash as crash:
        return _Read(Candidate(span, root, crash.message, crash.span), None, crash)
    plan = Plan(source, PlanKind.OBJECT, tasks, builder.flat, root, tasks_member, runners=runners)
    plan.runners_from_session = from_plan
    before = Chain(chain.maps).then(shift)
    plan.comma_offsets = [before.back(escape_map.back(position)) for position in commas]
    error, where = validate(plan)
    return _Read(Candidate(span, root, error, where), plan)


def validate(plan: Plan) -> tuple[str | None, Span | None]:
    """The first error ``validateVerticalSliceShape`` and the runner check report (in their
    order), or (None, None) when Ordewell accepts the plan."""
    found = _shape_error(plan.tasks)
    if found is not None:
        return found
    for task in plan.tasks:
        runner = task.js["assignedRunner"]
        if runner not in plan.runners:
            member = task.member("assignedRunner")
            return (
                f'task "{task.js["title"]}" has invalid assignedRunner "{runner}"',
                member.span if member is not None else task.anchor,
            )
    return None, None


def _shape_error(tasks: list[PlanTask]) -> tuple[str, Span] | None:
    for task in tasks:
        title = task.js["title"]
        if task.js["sliceType"] is UNDEFINED:
            return f'task "{title}" is missing sliceType', task.anchor
        if not task.is_user and task.js["autonomy"] is UNDEFINED:
            return f'task "{title}" is missing autonomy', task.anchor
        steps = task.js["userSteps"]
        if task.js["autonomy"] == "AFK" and isinstance(steps, list) and steps:
            return f'task "{title}" has autonomy "AFK" but contains userSteps', task.anchor
        if task.is_user and task.js["sliceType"] != "HITL":
            return f'user task "{title}" is not HITL', task.anchor
        if task.subtasks:
            found = _shape_error(task.subtasks)
            if found is not None:
                return found
    return None


def _rewrites(plan: Plan, deletions: list[Any]) -> list[tuple[Span, str]]:
    """Text inside the plan's strings that the repairs delete (O13)."""
    if not deletions and not plan.comma_offsets:
        return []
    strings = _strings(plan.root)
    if not strings:
        return []
    starts = [item.span.start for item in strings]
    from bisect import bisect_right

    found: list[tuple[Span, str]] = []

    def inside(start: int, end: int) -> JString | None:
        index = bisect_right(starts, start) - 1
        if index >= 0:
            item = strings[index]
            if item.span.start < start and end <= item.span.end:
                return item
        return None

    source = plan.source
    for deletion in deletions:
        # a think block or fence that starts inside a string deletes part of its text
        index = bisect_right(starts, deletion.start) - 1
        if index >= 0:
            item = strings[index]
            if item.span.start < deletion.start < item.span.end:
                found.append((Span(source, deletion.start, deletion.end), deletion.what))
    for offset in plan.comma_offsets:
        if inside(offset, offset + 1) is not None:
            found.append((Span(source, offset, offset + 1), "comma"))
    found.sort(key=lambda item: item[0].start)
    return found


def _strings(root: JValue) -> list[JString]:
    """Every string value of the tree (member names excluded), in text order."""
    found: list[JString] = []
    stack: list[JValue] = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, JString):
            found.append(value)
        elif isinstance(value, JArray):
            stack.extend(reversed(value.items))
        elif isinstance(value, JObject):
            stack.extend(item.value for item in reversed(value.members))
    found.sort(key=lambda item: item.span.start)
    return found


# -- tasks -----------------------------------------------------------------------------------


class _Builder:
    """Builds the task tree: ``parseTask``'s values for a generated plan, the stored members
    for a session."""

    def __init__(self, source: SourceText, *, stored: bool, runners: tuple[str, ...]) -> None:
        self.source = source
        self.stored = stored
        self.runners = runners
        self.flat: list[PlanTask] = []

    def tasks(self, array: JArray) -> list[PlanTask]:
        # iterative: subtasks nest as deep as the JSON does
        top: list[PlanTask] = []
        work: list[tuple[JValue, PlanTask | None, list[PlanTask]]] = [
            (item, None, top) for item in reversed(array.items)
        ]
        while work:
            value, parent, siblings = work.pop()
            if len(self.flat) >= MAX_TASKS:
                raise Crash(value.span, f"more than {MAX_TASKS} tasks: dipcheck stops reading")
            task = self.task(value, parent)
            siblings.append(task)
            subtasks = value.get("subtasks") if isinstance(value, JObject) else None
            if isinstance(subtasks, JArray):
                for item in reversed(subtasks.items):
                    work.append((item, task, task.subtasks))
        return top

    def task(self, value: JValue, parent: PlanTask | None) -> PlanTask:
        depth = parent.depth + 1 if parent is not None else 0
        task = PlanTask(value, len(self.flat), parent, depth, {})
        self.flat.append(task)
        try:
            if self.stored:
                self.stored_task(task)
            else:
                self.parsed_task(task)
        except JsTypeError as error:
            raise Crash(
                value.span, f"Ordewell fails reading this task: TypeError: {error}"
            ) from None
        return task

    def stored_task(self, task: PlanTask) -> None:
        value = task.obj
        if not isinstance(value, JObject):
            raise Crash(
                value.span, "a stored task must be an object; Ordewell cannot load this plan"
            )
        js = value.py()
        js.setdefault("dependencies", UNDEFINED)
        for key in (
            "id",
            "order",
            "title",
            "type",
            "status",
            "prompt",
            "assignedRunner",
            "completionMarker",
            "outputSummary",
            "autonomy",
            "sliceType",
            "description",
            "userSteps",
        ):
            js.setdefault(key, UNDEFINED)
        task.js = js
        deps = value.get("dependencies")
        if isinstance(deps, JArray):
            task.deps = [Dependency(task, item.py(), item) for item in deps.items]

    def parsed_task(self, task: PlanTask) -> None:
        value = task.obj
        if isinstance(value, JObject):
            raw = value.raw
        elif isinstance(value, JArray) or value.py() is not None:

            def raw(key: str) -> Any:  # a primitive or an array has no such property
                return UNDEFINED
        else:
            raise Crash(
                value.span,
                "a task must be an object: Ordewell fails on `null` here with a TypeError "
                "(not a plan error it reports), whichever draft the reply holds",
            )
        parent = task.parent
        inherited_autonomy = parent.js["autonomy"] if parent is not None else UNDEFINED
        inherited_slice = parent.js["sliceType"] if parent is not None else UNDEFINED
        runner = raw("assignedRunner")
        kind = "user" if raw("type") == "user" else "ai"
        title = to_string(coalesce(raw("title"), ""))
        description = to_string(coalesce(raw("description"), ""))
        autonomy_raw = raw("autonomy")
        slice_raw = raw("sliceType")
        if kind == "ai" and autonomy_raw in SLICE_VALUES:
            autonomy = autonomy_raw
        else:
            autonomy = inherited_autonomy if kind == "ai" else UNDEFINED
            if autonomy_raw is not UNDEFINED:
                task.dropped["autonomy"] = "user" if kind == "user" else "invalid"
                if kind == "ai" and autonomy is not UNDEFINED:
                    task.inherited["autonomy"] = autonomy
        if slice_raw in SLICE_VALUES:
            slice_type = slice_raw
        else:
            slice_type = inherited_slice if kind == "ai" else UNDEFINED
            if slice_raw is not UNDEFINED:
                task.dropped["sliceType"] = "invalid"
                if slice_type is not UNDEFINED:
                    task.inherited["sliceType"] = slice_type
        prompt_raw = raw("prompt")
        prompt = (
            to_string(prompt_raw) if truthy(prompt_raw) else (description or title or UNDEFINED)
        )
        steps_raw = raw("userSteps")
        steps: Any = UNDEFINED
        if isinstance(steps_raw, list):
            for step in steps_raw:
                if nullish(step):
                    raise JsTypeError("Cannot read properties of null (reading 'order')")
            steps = steps_raw
        subtasks_raw = raw("subtasks")
        if isinstance(subtasks_raw, list) and any(item is None for item in subtasks_raw):
            raise JsTypeError("Cannot read properties of null (reading 'assignedRunner')")
        deps_raw = raw("dependencies")
        js: dict[str, Any] = {
            "id": to_string(coalesce(raw("id"), "")),
            "order": to_number(coalesce(raw("order"), 0)),
            "title": title,
            "description": description,
            "type": kind,
            "status": "pending",
            "dependencies": [to_string(item) for item in deps_raw]
            if isinstance(deps_raw, list)
            else [],
            "prompt": prompt,
            "userSteps": steps,
            "assignedRunner": runner
            if isinstance(runner, str)
            else (self.runners[0] if self.runners else "claude-code"),
            "completionMarker": UNDEFINED,
            "outputSummary": UNDEFINED,
            "autonomy": autonomy,
            "sliceType": slice_type,
        }
        for key in STORED_FIELDS:  # a plan object that carries stored state keeps it
            stored = raw(key)
            if stored is not UNDEFINED:
                js[key] = stored
        task.js = js
        deps = value.get("dependencies") if isinstance(value, JObject) else None
        if isinstance(deps, JArray):
            task.deps = [
                Dependency(task, text, item)
                for item, text in zip(deps.items, js["dependencies"], strict=True)
            ]


# -- lowering --------------------------------------------------------------------------------


def _lowered(plan: Plan, diagnostics: list[Diagnostic]) -> FrontendResult:
    """The plan as a workflow, unless its dependencies link too many pairs of tasks
    (:func:`_links_past_limit`): the file is then one DC002 finding."""
    over = _links_past_limit(plan)
    if over is not None:
        unit = "dependency links (a dependency on a duplicated id links every task holding it)"
        return FrontendResult(None, [*diagnostics, too_many_tokens(over, MAX_TOKENS, unit)])
    return FrontendResult(lower(plan), diagnostics)


def _links_past_limit(plan: Plan) -> Span | None:
    """The dependency entry at which the links from tasks to the tasks their dependencies
    name pass :data:`~dipcheck.source.MAX_TOKENS`, or None. The checks follow every link, and
    a duplicated id names each task holding it: 10,000 tasks with one id, each depending on
    it, were 100 million links (a 1.2 MB plan took 7.8 GB and two minutes)."""
    holding = Counter(jsvalue.key(task.id) for task in plan.flat)
    links = 0
    for task in plan.flat:
        for dep in task.deps:
            links += holding.get(jsvalue.key(dep.value), 0)
            if links > MAX_TOKENS:
                return dep.node.span
    return None


def lower(plan: Plan) -> Workflow:
    source = plan.source
    nodes: list[Node] = []
    edges: list[Edge] = []
    for task in plan.flat:
        node_id = to_string(task.id) if not isinstance(task.id, dict | list) else ""
        kind = NodeKind.HUMAN if task.is_user else NodeKind.AGENT
        type_member = task.member("type")
        nodes.append(
            Node(
                id=node_id,
                kind=kind,
                id_span=task.id_span,
                kind_span=type_member.span if type_member is not None else task.id_span,
                span=task.obj.span,
                fields=_fields(task),
            )
        )
        target = Name(node_id, task.id_span)
        for dep in task.deps:
            node = dep.node
            span = node.inner if isinstance(node, JString) else node.span
            edges.append(Edge(Name(dep.text, span), target, node.span))
    name = None
    if plan.session_meta is not None:
        goal = plan.session_meta.get("goal")
        if isinstance(goal, JString):
            name = Name(goal.value, goal.inner)
    key = plan.tasks_member.key
    return Workflow(
        source=source,
        format="ordewell",
        name=name,
        decl_span=key.span,
        nodes=tuple(nodes),
        edges=tuple(edges),
        dialect=Dialect.ORDEWELL,
        plan=plan,
    )


def _fields(task: PlanTask) -> tuple[Field, ...]:
    found = task.object
    if found is None:
        return ()
    fields: list[Field] = []
    for member in found.members:
        if member.key.value == "subtasks":
            continue
        value = member.value
        if isinstance(value, JString):
            text = value.text
            quoted = True
        else:
            text = Text.at(value.span.text, value.span.source, value.span.start)
            quoted = False
        fields.append(
            Field(
                key=member.key.value,
                key_span=member.key.inner,
                value=text,
                value_span=value.span,
                span=member.span,
                block=isinstance(value, JObject | JArray),
                quoted=quoted,
            )
        )
    return tuple(fields)


def runner_list(text: str) -> tuple[str, ...]:
    """``a,b,c`` → the runner ids (blanks around each removed, empty ones dropped)."""
    return tuple(part.strip() for part in text.split(",") if part.strip())

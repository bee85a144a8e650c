"""Ordewell plans in the editor: hover on a task (what it is handed, what it is not, its wave),
document symbols (tasks with their subtasks), the "Simulate" lens and command.

Definition and references need nothing of their own: the front-end lowers each dependency
entry into an edge whose source span is the entry, so the index resolves it to the task."""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from dipcheck.analysis.plan_facts import PlanFacts, bits, label
from dipcheck.config import Config
from dipcheck.jsvalue import UNDEFINED, to_string, truthy
from dipcheck.model import Node, Workflow
from dipcheck.plan import Plan, PlanTask
from dipcheck.source import Span
from dipcheck_lsp.convert import Positions

K = types.SymbolKind
LENS_TITLE = "▶ Simulate waves"
MAX_LISTED = 8


def plan_of(workflow: Workflow | None) -> Plan | None:
    plan = workflow.plan if workflow is not None else None
    return plan if isinstance(plan, Plan) else None


def task_of(plan: Plan, node: Node) -> PlanTask | None:
    for task in plan.flat:
        if task.id_span == node.id_span:
            return task
    return None


def _name(task: PlanTask) -> str:
    return f"`{to_string(task.id)}` (task {label(task)})"


def _listing(tasks: list[PlanTask]) -> str:
    shown = ", ".join(_name(task) for task in tasks[:MAX_LISTED])
    more = len(tasks) - MAX_LISTED
    return shown + (f" and {more} more" if more > 0 else "")


def _waves(plan: Plan) -> dict[int, int]:
    """The wave each task starts in when every task succeeds (computed once per plan)."""
    cached = plan.__dict__.get("_lsp_waves")
    if cached is None:
        from dipcheck.simulate.plan_waves import simulate

        outcome = simulate(plan)
        cached = {}
        for number, wave in enumerate(outcome.waves, 1):
            for task in wave:
                cached.setdefault(task.index, number)
        plan.__dict__["_lsp_waves"] = cached
    return cached


def task_hover(node: Node, workflow: Workflow) -> str | None:
    plan = plan_of(workflow)
    if plan is None:
        return None
    task = task_of(plan, node)
    if task is None:
        return None
    facts = PlanFacts(plan)
    kind = "user task" if task.is_user else "ai task"
    slice_type = task.js.get("sliceType", UNDEFINED)
    autonomy = task.js.get("autonomy", UNDEFINED)
    traits = [kind]
    if autonomy is not UNDEFINED:
        traits.append(f"autonomy {to_string(autonomy)}")
    if slice_type is not UNDEFINED:
        traits.append(f"slice {to_string(slice_type)}")
    runner = task.js.get("assignedRunner", UNDEFINED)
    if truthy(runner):
        traits.append(f"runner {to_string(runner)}")
    status = task.js.get("status", UNDEFINED)
    if plan.stored and isinstance(status, str):
        traits.append(status)
    title = task.js.get("title", UNDEFINED)
    head = f"**{to_string(task.id)}** — task {label(task)}"
    if isinstance(title, str) and title:
        head += f": {title}"
    parts = [head, " · ".join(traits)]
    direct = sorted(facts.direct(task))
    receives = [facts.flat[i] for i in direct if truthy(facts.flat[i].js.get("outputSummary"))]
    pending = [facts.flat[i] for i in direct if facts.flat[i] not in receives]
    handed = []
    if pending:
        handed.append(f"Receives the review note and output tail of {_listing(pending)}")
    if receives:
        handed.append(f"Receives the captured output of {_listing(receives)}")
    if not direct:
        handed.append("Receives no other task's output (no dependencies).")
    indirect_mask = facts.reach[task.index] & ~facts.direct_mask(task)
    indirect = [facts.flat[i] for i in bits(indirect_mask)]
    if indirect:
        handed.append(
            f"Does **not** receive (indirect dependencies): {_listing(indirect)} — declare a "
            "dependency to get a task's output"
        )
    parts.append("\n\n".join(handed))
    never = facts.blocked_forever.get(task.index)
    if never is not None:
        parts.append(f"Never runs: {never}.")
    elif not task.is_user:
        wave = _waves(plan).get(task.index)
        if wave is not None:
            parts.append(f"Starts in wave {wave} when every task succeeds.")
    return "\n\n".join(parts)


def document_symbols(workflow: Workflow, positions: Positions) -> types.DocumentSymbol | None:
    plan = plan_of(workflow)
    if plan is None:
        return None
    nodes = {node.id_span: node for node in workflow.nodes}

    def symbol(
        name: str,
        kind: Any,
        span: Span,
        selection: Span,
        detail: str | None,
        children: list[types.DocumentSymbol],
    ) -> types.DocumentSymbol:
        if not (span.start <= selection.start and selection.end <= span.end):
            selection = Span(span.source, span.start, span.start)
        return types.DocumentSymbol(
            name=name or "?",
            kind=kind,
            range=positions.span_range(span),
            selection_range=positions.span_range(selection),
            detail=detail,
            children=children or None,
        )

    def build(task: PlanTask) -> types.DocumentSymbol:
        children: list[types.DocumentSymbol] = []
        node = nodes.get(task.id_span)
        for item in node.fields if node is not None else ():
            shown = item.text.strip().split("\n", 1)[0][:60] if not item.block else None
            children.append(symbol(item.key, K.Property, item.span, item.key_span, shown, []))
        children.extend(build(sub) for sub in task.subtasks)
        title = task.js.get("title", UNDEFINED)
        detail = f"task {label(task)}" + (f" · {title}" if isinstance(title, str) and title else "")
        kind = K.Interface if task.is_user else K.Function
        return symbol(to_string(task.id), kind, task.obj.span, task.id_span, detail, children)

    tasks = [build(task) for task in plan.tasks]
    whole = Span(workflow.source, 0, len(workflow.source.text))
    name = workflow.name.value if workflow.name is not None else "plan"
    return symbol(name, K.Module, whole, workflow.decl_span, f"Ordewell {plan.kind.value}", tasks)


def code_lenses(workflow: Workflow, uri: str, positions: Positions) -> list[types.CodeLens]:
    if plan_of(workflow) is None:
        return []
    command = types.Command(
        title=LENS_TITLE, command="dipcheck.simulate", arguments=[uri, {"show": True}]
    )
    return [types.CodeLens(range=positions.span_range(workflow.decl_span), command=command)]


def simulate(
    path: str, text: str, options: dict[str, Any], config: Config
) -> tuple[Any, str | None]:
    """``dipcheck.simulate`` on a plan: the JSON document of ``simulate --format json`` (or
    its text), or with ``{"handover": ID}`` the composed prompt."""
    from dipcheck.simulate import handover, plan_cli

    loaded = plan_cli.load(path, config, text)
    wanted = options.get("handover")
    if isinstance(wanted, str):
        task = handover.find_task(loaded.plan, wanted)
        if task is None:
            raise plan_cli.PlanError(f"no task {wanted!r}")
        prompt = handover.compose(
            loaded.plan,
            task,
            handover.Options(
                plan_map=options.get("planMap", True) is not False,
                tdd=bool(options.get("tdd")),
                plan_map_max=options.get("planMapMax")
                if isinstance(options.get("planMapMax"), int)
                else None,
            ),
        )
        return prompt, prompt if options.get("show") else None
    scenario = options.get("scenario")
    fmt = "text" if options.get("format") == "text" else "json"
    output, _ = plan_cli.run_waves(loaded, scenario if isinstance(scenario, str) else None, fmt)
    shown = None
    if options.get("show"):
        shown = output if fmt == "text" else plan_cli.run_waves(loaded, None, "text")[0]
    if fmt == "json":
        import json

        return json.loads(output), shown
    return output, shown

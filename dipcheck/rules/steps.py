"""Rules of the YAML step-workflow dialect (seed 001, ADR-0013): L01, L02, L03, L10, L11.

A step's output is the comment it posts; later steps name it in their ``inputs:`` seam or in
``{{ … }}`` placeholders of their prompt. The engine never fails a step over a reference it
cannot resolve — it substitutes ``_(unavailable: <step>)_`` — so these rules are the only
place a misspelt or stale reference is caught. Whether the referenced step can have run
*before* the reference is a context-flow question (DC103/DC104), not theirs.
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.analysis.graph import components
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity
from dipcheck.frontends.step_refs import INPUT_NAMESPACE, Form, StepRef, parse, placeholders
from dipcheck.model import Field, Node, Text, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import extend, rule
from dipcheck.source import Span
from dipcheck.suggest import Names, closest

_YAML = ("yaml",)


def _prompt_refs(node: Node) -> Iterator[tuple[StepRef, Text]]:
    item = node.get("prompt")
    if item is not None:
        for ref in placeholders(item.text):
            yield ref, item.value


def _entry_span(entry: Field) -> Span:
    """An ``inputs:`` entry's text (inside quotes, when it is quoted)."""
    if not entry.text:
        return entry.value_span
    return entry.value.span(0, len(entry.text))


def _input_refs(node: Node) -> Iterator[tuple[StepRef, Field]]:
    item = node.get("inputs")
    if item is not None:
        for entry in item.children:
            yield parse(entry.text), entry


def _sections(node: Node) -> list[str]:
    item = node.get("output")
    return [child.key for child in item.children] if item is not None else []


def _listing(names: list[str], limit: int = 8) -> str:
    shown = ", ".join(f"`{name}`" for name in names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _step_problem(
    context: Context, ref: StepRef, text: Text, written: str
) -> tuple[str, Fix | None] | None:
    """Why a step or ``step.field`` reference resolves to nothing, with a did-you-mean fix."""
    workflow = context.workflow
    name_span = text.span(ref.name_start, ref.name_start + len(ref.name))
    target = workflow.node(ref.name)
    if target is None:
        ids = context.shared("suggest.step-ids", lambda: Names(node.id for node in workflow.nodes))
        suggestion = closest(ref.name, ids)
        message = f"{written} names no step" + (f" `{ref.name}`" if ref.form is Form.FIELD else "")
        if suggestion:
            fix = Fix(f"change to `{suggestion}`", (Edit(name_span, suggestion),), safe=False)
            return f"{message} (did you mean `{suggestion}`?)", fix
        if ref.name == INPUT_NAMESPACE:
            return f"{message}; a workflow parameter is addressed as `input.<name>`", None
        return f"{message}; the steps are {_listing(ids.names)}", None
    if ref.form is not Form.FIELD:
        return None
    sections = _sections(target)
    if ref.field in sections:
        return None
    if not sections:
        return (
            f"{written}: step `{ref.name}` declares no `output:` sections. The `<step>.<out>` "
            f"form was removed by #756 — a step's output is its whole comment, so reference "
            f"`{ref.name}`; or declare `{ref.field}` under `{ref.name}`'s `output:` (#973)",
            None,
        )
    suggestion = closest(ref.field, sections)
    if suggestion:
        field_span = text.span(ref.name_start + len(ref.name) + 1, ref.end)
        fix = Fix(
            f"change to `{ref.name}.{suggestion}`", (Edit(field_span, suggestion),), safe=False
        )
        return (
            f"{written}: step `{ref.name}` declares no output field `{ref.field}` "
            f"(did you mean `{suggestion}`?)",
            fix,
        )
    return (
        f"{written}: step `{ref.name}` declares no output field `{ref.field}`; its `output:` "
        f"declares {_listing(sections)}",
        None,
    )


@rule(
    "L01",
    "removed-outputs-key",
    Severity.ERROR,
    summary="A step still has the `outputs:` key, which the step-output decision removed.",
    rationale=(
        "Issue #756 (ADR-0013) made a step's output the comment it posts: there is nothing to "
        "declare, the step's name is the reference. The per-step `outputs:` list and the "
        "`<step>.<out>` references that went with it were removed, and the engine refuses to "
        "load a workflow that still carries the key."
    ),
    example=(
        "steps:\n  - name: plan\n    agent: architect\n    outputs: [plan_doc]\n"
        "  - name: implement\n    agent: dev\n    prompt: Follow {{ plan.plan_doc }}"
    ),
    fix=(
        "Delete `outputs:` and reference the step by name (`{{ plan }}`, `inputs: [plan]`). To "
        "address one section of the comment, declare it under `output:` (singular) and write "
        "`{{ plan.plan_doc }}`."
    ),
    formats=_YAML,
)
def removed_outputs_key(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        for item in node.fields:
            if item.key == "outputs":
                yield context.finding(
                    "L01",
                    item.key_span,
                    f"`outputs` was removed from steps by #756: a step's output is its posted "
                    f"comment, referenced by the step name — remove the key and reference "
                    f"`{node.id}` (`{{{{ {node.id} }}}}` or `inputs: [{node.id}]`); sections of "
                    "the comment are declared under `output:`",
                )


@rule(
    "L02",
    "reserved-step-name",
    Severity.ERROR,
    summary="A step is named `input`, the namespace of workflow parameters.",
    rationale=(
        "`input.<name>` always addresses a workflow parameter (ADR-0009), so neither "
        "`{{ input.x }}` nor `inputs: [input.x]` can ever mean a section of this step's "
        "comment, and a bare `input` reference reads as a parameter typo."
    ),
    example="steps:\n  - name: input\n    agent: intake",
    fix="Rename the step (`intake`, `gather_input`) and update the references to it.",
    formats=_YAML,
)
def reserved_step_name(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        if node.id == INPUT_NAMESPACE:
            yield context.finding(
                "L02",
                node.id_span,
                "a step cannot be named `input`: `input.<name>` always addresses a workflow "
                "parameter; rename the step",
            )


def _declared(workflow: Workflow) -> list[str]:
    return [item.name.value for item in workflow.inputs]


@rule(
    "L03",
    "undeclared-workflow-input",
    Severity.ERROR,
    summary="`input.<name>` names a parameter the workflow's `inputs:` block does not declare.",
    rationale=(
        "Workflow parameters are typed and declared at the top of the file (ADR-0009). A "
        "reference to an undeclared one resolves to nothing at run time: in a prompt the agent "
        "silently gets a placeholder instead of the value."
    ),
    example=(
        "inputs:\n  issue: {type: string}\nsteps:\n  - name: plan\n    agent: architect\n"
        "    prompt: Plan {{ input.isue }}"
    ),
    fix="Correct the parameter name, or declare the parameter under the top-level `inputs:`.",
    formats=_YAML,
    fix_availability="sometimes",
)
def undeclared_workflow_input(context: Context) -> Iterator[Diagnostic]:
    declared = _declared(context.workflow)
    candidates = Names(declared)  # indexed once for every reference's did-you-mean
    for node in context.workflow.nodes:
        found = [(ref, text) for ref, text in _prompt_refs(node)]
        found.extend((ref, entry.value) for ref, entry in _input_refs(node))
        for ref, text in found:
            if ref.form is not Form.INPUT or ref.name in declared:
                continue
            span = text.span(ref.start, ref.end)
            written = f"`{INPUT_NAMESPACE}.{ref.name}`"
            suggestion = closest(ref.name, candidates)
            fix = None
            if suggestion:
                message = (
                    f"{written} is not a declared workflow input (did you mean `{suggestion}`?)"
                )
                name_span = text.span(ref.name_start, ref.end)
                fix = Fix(f"change to `{suggestion}`", (Edit(name_span, suggestion),), safe=False)
            elif declared:
                message = (
                    f"{written} is not a declared workflow input; the workflow declares "
                    f"{_listing(declared)}"
                )
            else:
                message = (
                    f"{written} is not a declared workflow input; the workflow has no `inputs:` "
                    f"block — declare `{ref.name}` there"
                )
            yield context.finding("L03", span, message, fix=fix)


@rule(
    "L10",
    "input-ref",
    Severity.ERROR,
    summary="An `inputs:` entry names no step, or a section the step does not declare.",
    rationale=(
        "Each `inputs:` entry (list shorthand `[plan]` or the mapping form `{context: plan}`) "
        "is materialised from a step's posted comment before the step runs. An entry that "
        "names no step, or `<step>.<field>` for a field that step's `output:` does not declare, "
        "resolves to `_(unavailable: …)_` instead of failing: the agent works without the "
        "context it was promised. The legacy `<step>.<out>` form gets a migration hint."
    ),
    example=(
        "steps:\n  - name: plan\n    agent: architect\n  - name: implement\n    agent: dev\n"
        "    inputs: [plann]"
    ),
    fix=(
        "Name an existing step (see the suggestion), `input.<name>` for a workflow parameter, "
        "or a field the step declares in its `output:` block."
    ),
    formats=_YAML,
    fix_availability="sometimes",
)
def input_ref(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        for ref, entry in _input_refs(node):
            span = _entry_span(entry)
            written = f"`inputs:` entry `{entry.text}`"
            if ref.form is Form.INPUT:
                continue
            if ref.form is Form.MALFORMED:
                yield context.finding(
                    "L10",
                    span,
                    f"{written} is not a reference: write a step name (`plan`), a declared "
                    "section (`plan.plan_doc`) or a workflow parameter (`input.issue`)",
                )
                continue
            problem = _step_problem(context, ref, entry.value, written)
            if problem is not None:
                message, fix = problem
                yield context.finding("L10", span, message, fix=fix)


@rule(
    "L11",
    "prompt-ref",
    Severity.ERROR,
    summary="A `{{ … }}` placeholder in a prompt is malformed, names no step, or no section.",
    rationale=(
        "The engine replaces `{{ <step> }}` with the step's comment and `{{ <step>.<field> }}` "
        "with a declared section, in one pass, before the agent runs. Anything it cannot "
        "resolve becomes `_(unavailable: <step>)_` and the step runs anyway. `{{ … }}` is "
        "reserved inside prompts and has no escape syntax, so a placeholder that is not a "
        "reference is always a mistake."
    ),
    example=(
        "steps:\n  - name: plan\n    agent: architect\n  - name: review\n    agent: reviewer\n"
        "    prompt: |\n      Compare with {{ plna }}."
    ),
    fix=(
        "Write `{{ <step> }}`, `{{ <step>.<field> }}` for a section the step declares under "
        "`output:`, or `{{ input.<name> }}`; rephrase literal braces."
    ),
    formats=_YAML,
    fix_availability="sometimes",
)
def prompt_ref(context: Context) -> Iterator[Diagnostic]:
    for node in context.workflow.nodes:
        for ref, text in _prompt_refs(node):
            span = text.span(ref.outer_start, ref.outer_end)
            written = f"placeholder `{span.text}`"
            if ref.form is Form.INPUT:
                continue
            if ref.form is Form.MALFORMED:
                yield context.finding(
                    "L11",
                    span,
                    f"malformed {written}: {ref.problem}. `{{{{ … }}}}` is reserved in prompts "
                    "for `{{ <step> }}`, `{{ <step>.<field> }}` and `{{ input.<name> }}`",
                )
                continue
            problem = _step_problem(context, ref, text, written)
            if problem is not None:
                message, fix = problem
                yield context.finding(
                    "L11",
                    span,
                    f"{message}; the engine would substitute `_(unavailable: {ref.name})_`",
                    fix=fix,
                )


@extend(
    "DIP005",
    "yaml",
    "In a YAML step workflow: steps that loop with no way out, where neither they nor any "
    "step after them ends the run (`next: null` or no `next:`, or a condition's `next: "
    "null`). The engine has no exit node to check and refuses nothing, so the finding is a "
    "warning: a run that reaches the loop never ends.",
)
def endless_loop(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    order = {node.id: index for index, node in enumerate(workflow.nodes)}
    following: dict[str, list[str]] = {name: [] for name in order}
    leading: dict[str, list[str]] = {name: [] for name in order}
    ends = set(workflow.ends)
    for edge in workflow.edges:
        source, target = edge.source.value, edge.target.value
        if source not in order:
            continue
        if target not in order:
            ends.add(source)  # (an unknown step is DIP003's: no second finding here)
            continue
        following[source].append(target)
        leading[target].append(source)
    can_end = _closure(ends & order.keys(), leading)
    reached = _closure({workflow.start} & order.keys(), following)
    trapped = reached - can_end
    for loop in _loops(trapped, following, order):
        first = workflow.node(loop[0])
        assert first is not None
        names = [f"`{name}`" for name in loop[:6]] + (["…"] if len(loop) > 6 else [])
        yield context.finding(
            "DIP005",
            first.id_span,
            f"the steps {' → '.join([*names, f'`{loop[0]}`'])} loop with no way out: neither "
            "they nor any step after them ends the workflow (`next: null`, no `next:`, or a "
            "condition's `next: null`), so a run that reaches them never ends",
        ).with_severity(Severity.WARNING)


def _closure(start: set[str], step: dict[str, list[str]]) -> set[str]:
    """The steps ``start`` reaches through ``step`` (itself included)."""
    found = set(start)
    stack = list(start)
    while stack:
        for other in step[stack.pop()]:
            if other not in found:
                found.add(other)
                stack.append(other)
    return found


def _loops(
    inside: set[str], following: dict[str, list[str]], order: dict[str, int]
) -> list[list[str]]:
    """The strongly connected parts of the steps ``inside`` that hold a loop, each in file
    order, in the order of their first step."""
    within = {name: [other for other in following[name] if other in inside] for name in inside}
    parts = components(sorted(inside, key=order.__getitem__), within)
    found = [
        sorted(part, key=order.__getitem__)
        for part in parts
        if len(part) > 1 or part[0] in within[part[0]]
    ]
    return sorted(found, key=lambda part: order[part[0]])

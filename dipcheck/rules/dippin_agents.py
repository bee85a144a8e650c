"""dippin's lints on agent configuration: the model catalog (DIP108, DIP161, DIP162), empty
prompts (DIP110), enumerated values (DIP113, DIP114, DIP116, DIP119, DIP130), response schemas
(DIP131, DIP132), `params:` shadowing typed fields (DIP133) and prompt-cascade opt-outs
(DIP154)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from dipcheck.diagnostics import Diagnostic, Fix, Severity, delete_lines
from dipcheck.model import Field, Node, NodeKind
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.suggest import suggestion_fix

RETRY_POLICIES = ("standard", "aggressive", "patient", "linear", "none")
FIDELITIES = ("full", "summary:high", "summary:medium", "summary:low", "compact", "truncate")
REASONING_EFFORTS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")
RESPONSE_FORMATS = ("json_object", "json_schema")
ON_RESUME = ("preserve", "degrade")
TYPED_AGENT_FIELDS = frozenset(
    {
        "model",
        "provider",
        "prompt",
        "system_prompt",
        "max_turns",
        "response_format",
        "response_schema",
        "reasoning_effort",
        "fidelity",
        "auto_status",
        "goal_gate",
        "cache_tools",
        "compaction",
        "compaction_threshold",
        "tool_access",
        "writable_paths",
        "writable_paths_mode",
    }
)


def _agents(context: Context) -> Iterator[Node]:
    """The agent nodes, in declaration order (listed once per lint: a dozen rules ask)."""
    nodes = context.workflow.nodes
    return iter(
        context.shared(
            "agent_nodes", lambda: [node for node in nodes if node.kind is NodeKind.AGENT]
        )
    )


def _choice(
    context: Context, code: str, item: Field, allowed: tuple[str, ...], what: str
) -> Diagnostic:
    value = item.text.strip()
    hint, fix = suggestion_fix(value, allowed, item.value_span)
    message = f"{what} `{value}` is not one of {', '.join(allowed)}{hint}"
    return context.finding(code, item.value_span, message, fix=fix)


def _agent_choices(
    context: Context, code: str, key: str, allowed: tuple[str, ...]
) -> Iterator[Diagnostic]:
    """An agent field whose value is not one of ``allowed``."""
    for node in _agents(context):
        item = node.get(key)
        if item is not None and item.text.strip() and item.text.strip() not in allowed:
            yield _choice(context, code, item, allowed, key)


class _Models:
    """One pass over the agents' resolved model and provider, shared by DIP108/161/162.

    A finding on a `defaults` value is reported once, naming the agents that inherit it."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.unknown: dict[tuple[str, int], tuple[Field, str, list[str], Fix | None]] = {}
        self.deprecated: dict[tuple[str, int], tuple[Field, str, list[str]]] = {}
        self.aliases: dict[tuple[str, int], tuple[Field, str, list[str]]] = {}
        workflow = context.workflow
        model_default, provider_default = workflow.default("model"), workflow.default("provider")
        # the agents that take their model and provider from the same two fields (most inherit
        # both from `defaults`) share one verdict: the list of agents a finding names, or None
        verdicts: dict[tuple[int, int], list[str] | None] = {}
        for node in _agents(context):
            model_field = node.get("model")
            if model_field is None:
                model_field = model_default
            provider_field = node.get("provider")
            if provider_field is None:
                provider_field = provider_default
            pair = (id(model_field), id(provider_field))
            if pair in verdicts:
                users = verdicts[pair]
            else:
                users = verdicts[pair] = self._verdict(model_field, provider_field)
            if users is not None:
                users.append(node.id)

    def _verdict(self, model_field: Field | None, provider_field: Field | None) -> list[str] | None:
        """The entry whose agents an agent with these model and provider fields joins, or
        None when they are fine."""
        context = self.context
        model = model_field.text.strip() if model_field is not None else ""
        provider_name = provider_field.text.strip() if provider_field is not None else ""
        if not model or "$" in model or "$" in provider_name:
            return None  # unset, or a placeholder the runtime fills in
        assert model_field is not None
        alias = context.catalog.resolve_alias(model, provider_name)
        if alias is not None:
            if alias.problem is not None:
                return self._add(self.aliases, model_field, alias.problem)
            return None
        if not provider_name:
            return None
        assert provider_field is not None
        provider = context.catalog.provider(provider_name)
        if provider is None:
            names = context.catalog.provider_names
            why = f"unknown provider `{provider_name}`"
            return self._add_unknown(provider_field, why, provider_name, names)
        if not provider.open and not provider.has(model):
            other = next((item for item in context.catalog.providers if item.has(model)), None)
            if other is not None:
                why = f"`{model}` is a {other.name} model, not a {provider.name} one"
                return self._add_unknown(model_field, why, model, ())
            why = f"`{model}` is not a known {provider.name} model"
            return self._add_unknown(model_field, why, model, provider.models)
        if provider.has(model) and context.catalog.is_deprecated(provider, model):
            return self._add(self.deprecated, model_field, provider.name)
        return None

    def _add_unknown(
        self, item: Field, why: str, word: str, candidates: Iterable[str]
    ) -> list[str]:
        hint, fix = suggestion_fix(word, candidates, item.value_span)
        key = (item.value_span.path, item.value_span.start)
        return self.unknown.setdefault(key, (item, why + hint, [], fix))[2]

    @staticmethod
    def _add(
        table: dict[tuple[str, int], tuple[Field, str, list[str]]], item: Field, detail: str
    ) -> list[str]:
        key = (item.value_span.path, item.value_span.start)
        return table.setdefault(key, (item, detail, []))[2]


def _models(context: Context) -> _Models:
    return context.shared("dippin_models", lambda: _Models(context))


def _users(nodes: list[str]) -> str:
    shown = ", ".join(f"`{node}`" for node in nodes[:3])
    more = f" and {len(nodes) - 3} more" if len(nodes) > 3 else ""
    return f"agent{'s' if len(nodes) > 1 else ''} {shown}{more}"


@rule(
    "DIP108",
    "unknown-model",
    Severity.WARNING,
    summary="An agent's provider, or its model for that provider, is not in the model catalog.",
    rationale=(
        "Model and provider come from the agent or from `defaults`. tracker hands any id to "
        "the provider, so a misspelt id fails only when the agent runs. Its providers are "
        "`anthropic`, `openai`, `gemini` and `openai-compat` (any id), matched exactly; any "
        "other name (`google`, `Anthropic`) fails the agent with `unknown provider`. The "
        "catalog ships with dipcheck (`dipcheck/data/models.json`); `.` and `-` in ids are "
        "equivalent; ids with `${…}` are filled in at run time and not checked; a family alias "
        "(`claude-sonnet@latest`) is DIP162's concern. Add ids the catalog lacks with "
        '`--extra-models "provider:id1,id2"` or the `extra-models` configuration key.'
    ),
    example="agent Plan\n  provider: anthropic\n  model: claude-sonet-4-6",
    fix="Correct the id (a did-you-mean fix is offered), or add it with `--extra-models`.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def unknown_model(context: Context) -> Iterator[Diagnostic]:
    for item, why, nodes, fix in _models(context).unknown.values():
        yield context.finding("DIP108", item.value_span, f"{why}, used by {_users(nodes)}", fix=fix)


@rule(
    "DIP161",
    "deprecated-model",
    Severity.WARNING,
    summary="An agent pins a model that the catalog marks deprecated.",
    rationale=(
        "A deprecated model is scheduled for removal by its provider; the run fails once it "
        "is gone. Ids added with `--extra-models` are never reported."
    ),
    example="agent Plan\n  provider: anthropic\n  model: <a deprecated id>",
    fix="Move to a current model, or to a family alias such as `claude-sonnet@stable`.",
    formats=("dip", "dot"),
)
def deprecated_model(context: Context) -> Iterator[Diagnostic]:
    for item, provider, nodes in _models(context).deprecated.values():
        yield context.finding(
            "DIP161",
            item.value_span,
            f"`{item.text.strip()}` is a deprecated {provider} model, used by {_users(nodes)}",
        )


@rule(
    "DIP162",
    "unresolvable-model-alias",
    Severity.WARNING,
    summary="A `[provider/]family@selector` model alias that resolves to no model.",
    rationale=(
        "An alias picks the newest eligible member of a model family (`@latest`, `@stable` "
        "and `@sota`; previews and deprecated models are not eligible). An unknown family or "
        "selector, or a family with no eligible member, leaves the agent without a model."
    ),
    example="agent Plan\n  model: anthropic/claude-sonet@latest",
    fix="Use a family the catalog knows (claude-opus, claude-sonnet, claude-haiku, gpt, "
    "gpt-codex, gpt-mini, gemini-pro, gemini-flash, gemini-flash-lite) and a valid selector.",
    formats=("dip", "dot"),
)
def unresolvable_alias(context: Context) -> Iterator[Diagnostic]:
    for item, problem, nodes in _models(context).aliases.values():
        yield context.finding(
            "DIP162",
            item.value_span,
            f"model alias `{item.text.strip()}` resolves to no model: {problem}; used by "
            f"{_users(nodes)}",
        )


@rule(
    "DIP110",
    "empty-agent-prompt",
    Severity.ERROR,
    summary="An agent (other than the start or exit node) has no prompt.",
    rationale=(
        "tracker's codergen handler refuses an agent without a prompt: it returns the error "
        "`node \"X\" missing required attribute 'prompt'` before calling the model "
        "(`pipeline/handlers/prompt.go` `ResolvePrompt`), and a handler error ends the whole "
        "run as failed (`pipeline/engine.go` `handleNodeError`). So the finding is an error "
        "for an agent the main loop runs; an agent that only runs as a parallel branch makes "
        "that branch fail instead (a warning). Only the start and exit nodes may be "
        "prompt-less: tracker runs those as passthroughs. A `prompt_file` or `prompt_include` "
        "counts as a prompt; in a DOT pipeline the prompt is the `prompt` attribute (an "
        "Attractor engine falls back to the `label`)."
    ),
    example="agent Plan\n  label: Plan\n  model: claude-sonnet-4-6",
    fix="Add `prompt:` (or `prompt_file:`), or make the node the start or exit.",
    formats=("dip", "dot"),
)
def empty_prompt(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    branch_of = context.flow.branch_of
    ends = (workflow.start, workflow.exit)
    for node in _agents(context):
        if node.id in ends:
            continue
        if workflow.format == "dot" and node.handler != "codergen":
            continue  # a DOT start/exit passthrough, or no handler at all (DC005)
        if node.value("prompt").strip() or node.value("prompt_include").strip():
            continue
        directive = node.get("prompt_file")
        if directive is not None and directive.included is None:
            continue  # unreadable file: DC003
        own = node.get("prompt")
        span = own.key_span if own is not None else node.id_span
        # (a run-time failure, not a refusal of the file: `validate` does not report it;
        # docs/runtime/failures.md#failures-only-a-run-meets)
        refusal = "tracker's agent handler fails it (`missing required attribute 'prompt'`)"
        parallel = branch_of.get(node.id)
        if parallel is not None:
            yield context.finding(
                "DIP110",
                span,
                f"agent `{node.id}` has an empty prompt: {refusal}, so as a branch of "
                f"`{parallel}` it fails every time it runs",
            ).with_severity(Severity.WARNING)
            continue
        yield context.finding(
            "DIP110",
            span,
            f"agent `{node.id}` has an empty prompt: {refusal} and the whole run fails when it "
            "reaches this node",
        )


@rule(
    "DIP113",
    "invalid-retry-policy",
    Severity.WARNING,
    summary="A `retry_policy` that is not standard, aggressive, patient, linear or none.",
    rationale="tracker silently replaces an unknown policy with `standard` "
    "(docs/runtime/failures.md#retries), so the retries are not the ones written.",
    example="agent Plan\n  retry_policy: exponential",
    fix="Use standard, aggressive, patient, linear or none.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def invalid_retry_policy(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    items = [
        workflow.default("retry_policy"),
        *(node.get("retry_policy") for node in workflow.nodes),
    ]
    for item in items:
        if item is not None and item.text.strip() and item.text.strip() not in RETRY_POLICIES:
            yield _choice(context, "DIP113", item, RETRY_POLICIES, "retry_policy")


@rule(
    "DIP114",
    "invalid-fidelity",
    Severity.WARNING,
    summary="A `fidelity` that is not full, summary:high|medium|low, compact or truncate.",
    rationale="tracker silently skips an unknown fidelity: the node gets `defaults.fidelity` when "
    "that is valid, else `full` (`pipeline/fidelity.go` `ResolveFidelity`, "
    "docs/runtime/context.md#fidelity), so the agent sees other context than intended.",
    example="agent Plan\n  fidelity: high",
    fix="Use full, summary:high, summary:medium, summary:low, compact or truncate.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def invalid_fidelity(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    items = [workflow.default("fidelity")]
    items.extend(node.get("fidelity") for node in _agents(context))
    for node in workflow.nodes:
        items.extend(item for branch in node.branches for item in branch.fields)
    for item in items:
        if item is None or item.key != "fidelity":
            continue
        if item.text.strip() and item.text.strip() not in FIDELITIES:
            yield _choice(context, "DIP114", item, FIDELITIES, "fidelity")


@rule(
    "DIP116",
    "invalid-compaction-settings",
    Severity.WARNING,
    summary="A `compaction_threshold` outside 0..1, or a bad or useless `defaults.on_resume`.",
    rationale=(
        "`compaction_threshold` is a fraction of the context window. `on_resume` is "
        "`preserve` or `degrade`, and it only matters when `defaults.fidelity` is set."
    ),
    example="agent Plan\n  compaction_threshold: 80",
    fix="Write the threshold as a fraction (0.8); use preserve or degrade, with a fidelity.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def compaction_settings(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for node in _agents(context):
        item = node.get("compaction_threshold")
        if item is None or workflow.format == "dot":
            continue  # in DOT the loader reports the range with tracker's refusal (DC005)
        try:
            value = float(item.text.strip())
        except ValueError:
            continue  # DC005
        if value != 0 and not 0 <= value <= 1:
            yield context.finding(
                "DIP116",
                item.value_span,
                f"compaction_threshold `{item.text.strip()}` of agent `{node.id}` is outside "
                "0..1; it is a fraction of the context window",
            )
    resume = workflow.default("on_resume")
    if resume is None or not resume.text.strip():
        return
    if resume.text.strip() not in ON_RESUME:
        yield _choice(context, "DIP116", resume, ON_RESUME, "on_resume")
    elif not workflow.default_value("fidelity"):
        yield context.finding(
            "DIP116",
            resume.key_span,
            "`on_resume` has no effect without `defaults.fidelity`",
        )


@rule(
    "DIP119",
    "invalid-reasoning-effort",
    Severity.WARNING,
    summary="A `reasoning_effort` that is not none, minimal, low, medium, high, xhigh or max.",
    rationale="Providers reject or ignore an effort level they do not know.",
    example="agent Plan\n  reasoning_effort: extreme",
    fix="Use none, minimal, low, medium, high, xhigh or max.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def invalid_reasoning_effort(context: Context) -> Iterator[Diagnostic]:
    yield from _agent_choices(context, "DIP119", "reasoning_effort", REASONING_EFFORTS)


@rule(
    "DIP130",
    "invalid-response-format",
    Severity.WARNING,
    summary="A `response_format` that is not json_object or json_schema.",
    rationale="Only the two JSON modes exist; any other value is not passed to the provider.",
    example="agent Plan\n  response_format: json",
    fix="Use json_object, or json_schema with a `response_schema`.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def invalid_response_format(context: Context) -> Iterator[Diagnostic]:
    yield from _agent_choices(context, "DIP130", "response_format", RESPONSE_FORMATS)


@rule(
    "DIP131",
    "schema-format-mismatch",
    Severity.WARNING,
    summary="`response_schema` without `response_format: json_schema` (or the reverse, a hint).",
    rationale=(
        "A schema is only sent with `response_format: json_schema`; otherwise it is ignored "
        "(a warning). `json_schema` without a schema leaves the model unconstrained (reported "
        "as a hint)."
    ),
    example='agent Plan\n  response_format: json_object\n  response_schema:\n    {"type": '
    '"object"}',
    fix="Set `response_format: json_schema` with the schema, or drop the schema.",
    formats=("dip", "dot"),
)
def schema_format_mismatch(context: Context) -> Iterator[Diagnostic]:
    for node in _agents(context):
        schema = node.get("response_schema")
        response_format = node.get("response_format")
        chosen = response_format.text.strip() if response_format is not None else ""
        if schema is not None and schema.text.strip() and chosen != "json_schema":
            yield context.finding(
                "DIP131",
                schema.key_span,
                f"agent `{node.id}` sets response_schema but its response_format is "
                f"`{chosen or 'unset'}`: the schema is only used with `json_schema`",
            )
        elif chosen == "json_schema" and (schema is None or not schema.text.strip()):
            assert response_format is not None
            yield context.finding(
                "DIP131",
                response_format.value_span,
                f"agent `{node.id}` asks for json_schema but gives no response_schema",
            ).with_severity(Severity.HINT)


@rule(
    "DIP132",
    "response-schema-not-json",
    Severity.WARNING,
    summary="A `response_schema` that is not valid JSON.",
    rationale="The schema is sent to the provider as JSON; invalid JSON fails the agent's call.",
    example='agent Plan\n  response_schema:\n    {"type": "object",}',
    fix="Correct the JSON at the reported position.",
    formats=("dip", "dot"),
)
def schema_not_json(context: Context) -> Iterator[Diagnostic]:
    for node in _agents(context):
        schema = node.get("response_schema")
        if schema is None or not schema.text.strip():
            continue
        try:
            # (the numbers' values do not matter: a 5,000-digit one was past Python's int
            # conversion, and a DC000)
            json.loads(schema.text, parse_int=lambda _: 0)
        except RecursionError:  # 100,000 nested brackets: a DC000 too
            yield context.finding(
                "DIP132",
                schema.value.span(0, 1),
                f"response_schema of agent `{node.id}` nests arrays or objects deeper than "
                "dipcheck reads: keep the schema to a few levels (providers refuse deep ones)",
            )
        except json.JSONDecodeError as error:
            position = min(error.pos, max(len(schema.text) - 1, 0))
            yield context.finding(
                "DIP132",
                schema.value.span(position, position + 1),
                f"response_schema of agent `{node.id}` is not valid JSON: {error.msg} (line "
                f"{error.lineno} column {error.colno} of the schema)",
            )


@rule(
    "DIP133",
    "params-shadow-field",
    Severity.HINT,
    summary="An agent `params:` key that is also a typed agent field.",
    rationale=(
        "tracker copies `params:` into the node's attributes without overwriting typed "
        "fields (docs/runtime/loading.md#from-dippin-to-trackers-graph), so `params: model: x` is "
        "silently ignored when "
        "`model:` is set, and easy to misread when it is not."
    ),
    example="agent Plan\n  params:\n    model: gpt-5.2",
    fix="Set the typed field itself (`model: gpt-5.2`) and remove the params key.",
    formats=("dip",),
    enabled=False,
)
def params_shadow(context: Context) -> Iterator[Diagnostic]:
    for node in _agents(context):
        params = node.get("params")
        for entry in params.children if params is not None else ():
            if entry.key in TYPED_AGENT_FIELDS:
                yield context.finding(
                    "DIP133",
                    entry.key_span,
                    f"params key `{entry.key}` of agent `{node.id}` shadows the typed field "
                    f"`{entry.key}:`; set the field itself",
                )


@rule(
    "DIP154",
    "useless-prompt-opt-out",
    Severity.HINT,
    summary="`prompt_prefix: none` (or suffix) on an agent when `defaults` sets no such fragment.",
    rationale=(
        "The opt-out removes the workflow-wide prompt fragment from one agent; without a "
        "fragment in `defaults` it does nothing. Removing it is a safe fix."
    ),
    example="agent Plan\n  prompt: Plan.\n  prompt_prefix: none",
    fix="Remove the opt-out (a safe automatic fix is offered).",
    formats=("dip",),
    fix_availability="always",
    enabled=False,
)
def useless_opt_out(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    for side in ("prompt_prefix", "prompt_suffix"):
        if workflow.default(side) is not None or workflow.default(f"{side}_file") is not None:
            continue
        for node in _agents(context):
            item = node.get(side)
            if item is None or item.text.strip() != "none":
                continue
            yield context.finding(
                "DIP154",
                item.span,
                f"`{side}: none` on agent `{node.id}` does nothing: defaults set no "
                f"`{side}` or `{side}_file`",
                fix=Fix(f"remove `{side}: none`", (delete_lines(item.span),)),
            )

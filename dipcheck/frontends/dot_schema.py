"""What a DOT workflow may say, and how its attributes map onto the workflow model.

tracker's DOT loader (``pipeline/parser.go``) keeps every attribute it does not understand and
ignores it, and the Attractor specification (other-formats.md §1.1) names the same vocabulary;
so a misspelled attribute silently does nothing. The tables here say which attributes each
dialect reads (typed-outputs adds ``outputs``/``facts``/``inputs``), which Graphviz attributes
are presentation only, and under which ``.dip`` field name the model stores an attribute, so
that every format-neutral rule reads ``command`` whether the file said ``tool_command`` or not
(the renames are the inverse of tracker's ``.dip`` adapter,
docs/runtime/loading.md#from-dippin-to-trackers-graph).
"""

from __future__ import annotations

from dipcheck.frontends.dip_schema import INT, B, D, F, S, U, ValueType
from dipcheck.model import Name, NodeKind, Text
from dipcheck.records import record
from dipcheck.references import list_items
from dipcheck.source import Span

# pipeline/graph.go shapeHandlerMap (docs/runtime/loading.md#from-dippin-to-trackers-graph,
# other-formats.md §1.1)
SHAPE_HANDLERS: dict[str, str] = {
    "Mdiamond": "start",
    "Msquare": "exit",
    "box": "codergen",
    "hexagon": "wait.human",
    "diamond": "conditional",
    "component": "parallel",
    "tripleoctagon": "parallel.fan_in",
    "parallelogram": "tool",
    "house": "stack.manager_loop",
    "tab": "subgraph",
}

HANDLER_KINDS: dict[str, NodeKind] = {
    "start": NodeKind.AGENT,
    "exit": NodeKind.AGENT,
    "codergen": NodeKind.AGENT,
    "wait.human": NodeKind.HUMAN,
    "conditional": NodeKind.CONDITIONAL,
    "parallel": NodeKind.PARALLEL,
    "parallel.fan_in": NodeKind.FAN_IN,
    "tool": NodeKind.TOOL,
    "stack.manager_loop": NodeKind.MANAGER_LOOP,
    "subgraph": NodeKind.SUBGRAPH,
}

# Handler names a `type` attribute may name. tracker's validation registry also knows `spawn`
# and `manager_loop` (docs/runtime/loading.md#what-tracker-refuses-before-a-run); the typed-outputs
# engine adds script and probe
# nodes (seed 003, docs/dot-typed-outputs.md).
TRACKER_TYPES: dict[str, NodeKind] = {
    **HANDLER_KINDS,
    "spawn": NodeKind.AGENT,
    "manager_loop": NodeKind.MANAGER_LOOP,
}
TYPED_OUTPUT_TYPES: dict[str, NodeKind] = {
    **HANDLER_KINDS,
    "script": NodeKind.TOOL,
    "probe": NodeKind.TOOL,
}

# Output kinds of the typed-outputs engine (docs/dot-typed-outputs.md).
OUTPUT_KINDS = ("text", "json", "choice", "number", "boolean", "list")


@record(frozen=True, slots=True)
class Attribute:
    """A DOT attribute the runtime reads: the model's field name for it, its value type and
    what it does. ``handlers``: the handlers that use it (empty: every node)."""

    field: str
    type: ValueType
    doc: str
    handlers: frozenset[str] = frozenset()


def _a(field: str, type_: ValueType, doc: str, *handlers: str) -> Attribute:
    return Attribute(field, type_, doc, frozenset(handlers))


NODE_ID, LIST, COND = ValueType.NODE, ValueType.LIST, ValueType.CONDITION
TOOLS = ("tool", "script", "probe")

NODE_ATTRIBUTES: dict[str, Attribute] = {
    "label": _a("label", S, "Display name; the prompt of an agent that has no `prompt`."),
    "shape": _a("shape", S, "Selects the handler: box, hexagon, parallelogram, diamond, …"),
    "type": _a("type", S, "Names the handler directly (overrides the shape)."),
    "class": _a("class", LIST, "Comma list of stylesheet classes."),
    "prompt": _a("prompt", S, "The task for the LLM (`$goal` and `${ctx.K}` are expanded)."),
    "system_prompt": _a("system_prompt", S, "System prompt for this agent."),
    "llm_model": _a("model", S, "Model id."),
    "llm_provider": _a("provider", S, "anthropic, openai, gemini or openai-compat."),
    "reasoning_effort": _a("reasoning_effort", S, "low, medium or high."),
    "auto_status": _a("auto_status", B, "Take the outcome from a `STATUS:` line."),
    "allow_partial": _a("allow_partial", B, "Accept PARTIAL_SUCCESS as success."),
    "goal_gate": _a("goal_gate", B, "The exit checks that this node last succeeded."),
    "max_retries": _a("max_retries", U, "Retries on a `retry` status before the fallback."),
    "retry_policy": _a("retry_policy", S, "standard, aggressive, patient, linear or none."),
    "base_delay": _a("base_delay", D, "Base delay between retries."),
    "retry_target": _a("retry_target", NODE_ID, "Node to re-run on a retry."),
    "fallback_retry_target": _a(
        "fallback_target", NODE_ID, "Node to route to once retries are exhausted."
    ),
    "fallback_target": _a("fallback_target", NODE_ID, "Node a failure falls back to."),
    "fidelity": _a("fidelity", S, "full, truncate, compact, summary:low|medium|high."),
    "thread_id": _a("thread_id", S, "Conversation thread shared between nodes."),
    "timeout": _a("timeout", D, "How long the node may run."),
    "max_turns": _a("max_turns", INT, "Turn limit of the agent session.", "codergen"),
    "command_timeout": _a("cmd_timeout", D, "Timeout of each shell command the agent runs."),
    "cache_tool_results": _a("cache_tools", B, "Cache tool results (`true` or `false`)."),
    "context_compaction": _a("compaction", S, "Context compaction: `auto` or `none`."),
    "context_compaction_threshold": _a(
        "compaction_threshold", F, "Compaction threshold, above 0 and at most 1."
    ),
    "response_format": _a("response_format", S, "json_object or json_schema."),
    "response_schema": _a("response_schema", S, "JSON schema of the response."),
    "tool_access": _a("tool_access", S, "`none` runs the agent without tools."),
    "writable_paths": _a("writable_paths", ValueType.PATHS, "Comma globs the agent may write."),
    "writable_paths_mode": _a("writable_paths_mode", S, "`require` or `prefer`."),
    "last_response_truncate": _a("last_response_truncate", INT, "Cap on last_response."),
    "backend": _a("backend", S, "Agent backend."),
    "working_dir": _a("working_dir", S, "Working directory of the node."),
    "reads": _a("reads", LIST, "Context keys this node reads."),
    "writes": _a("writes", LIST, "Context keys extracted from this node's JSON output."),
    "tool_command": _a("command", S, "Shell command of a tool node.", *TOOLS),
    "marker_grep": _a("marker_grep", S, "Regex whose match on stdout sets tool_marker.", *TOOLS),
    "route_required": _a("route_required", B, "Fail without a `_TRACKER_ROUTE=` line.", *TOOLS),
    "output_limit": _a("output_limit", U, "Bytes of output kept (default 64KB).", *TOOLS),
    "outputs": _a("outputs", LIST, "Values the command prints for routing."),
    "mode": _a("mode", S, "choice (default), freeform, interview or yes_no.", "wait.human"),
    "default_choice": _a("default", S, "Label chosen on timeout.", "wait.human"),
    "human.default_choice": _a("default", S, "Label chosen on timeout.", "wait.human"),
    "questions_key": _a("questions_key", S, "Context key holding interview questions."),
    "answers_key": _a("answers_key", S, "Context key the interview answers go to."),
    "timeout_action": _a("timeout_action", ValueType.TIMEOUT_ACTION, "fail or default."),
    "join_policy": _a("join_policy", S, "wait_all or first_success (Attractor)."),
    "max_parallel": _a("max_parallel", INT, "Branches run at once (default 4)."),
    "fan_in_policy": _a("fan_in_policy", S, "any (default), all or quorum."),
    "quorum": _a("quorum", INT, "Successful branches needed under `quorum`."),
    "parallel_targets": _a("parallel_targets", LIST, "Branch targets of a parallel node."),
    "parallel_join": _a("parallel_join", NODE_ID, "The fan-in node a parallel node joins at."),
    "subgraph_ref": _a("ref", S, "Path of the child workflow."),
    "subgraph_params": _a("params", S, "Parameters for the child, `k=v,k=v`."),
    "poll_interval": _a("poll_interval", D, "How often a manager loop polls its child."),
    "max_cycles": _a("max_cycles", INT, "Poll cycles before a manager loop fails."),
    "stop_condition": _a("stop_condition", COND, "A manager loop stops when this holds."),
    "steer_condition": _a("steer_condition", COND, "Push steer_context when this holds."),
    "steer_context": _a("steer_context", S, "Keys pushed into the child as steer.*."),
    # read by tracker's handlers and node_config.go accessors (no `.dip` field of their own)
    "mcp_servers": _a("mcp_servers", S, "MCP servers of the agent session."),
    "allowed_tools": _a("allowed_tools", S, "Tools the agent backend may use."),
    "disallowed_tools": _a("disallowed_tools", S, "Tools the agent backend may not use."),
    "permission_mode": _a("permission_mode", S, "Permission mode of the agent backend."),
    "acp_agent": _a("acp_agent", S, "The ACP agent to run."),
    "cost_exceeded_action": _a("cost_exceeded_action", S, "What happens over the cost cap."),
    "max_budget_usd": _a("max_budget_usd", F, "Cost cap of the agent, in dollars."),
    "max_cost_usd": _a("max_cost_usd", F, "Cost cap of the node, in dollars."),
    "no_progress_turns": _a("no_progress_turns", INT, "Turns without progress before stopping."),
    "turn_breach_policy": _a("turn_breach_policy", S, "What happens at the turn limit."),
    "reflect_on_error": _a("reflect_on_error", B, "Let the agent reflect after a failed tool."),
    "verify_after_edit": _a("verify_after_edit", B, "Run a check after every edit."),
    "verify_command": _a("verify_command", S, "The check run after every edit."),
    "max_verify_retries": _a("max_verify_retries", INT, "Attempts to make the check pass."),
    "plan_before_execute": _a("plan_before_execute", B, "Plan before acting."),
    "plan": _a("plan", B, "Plan before acting (older spelling)."),
    "commit_only": _a("commit_only", B, "The agent may only commit."),
    "llm_fallbacks": _a("llm_fallbacks", S, "Models tried when the model fails."),
    "memoize": _a("memoize", B, "Reuse the node's result when its inputs are unchanged."),
    "injection_cap": _a("injection_cap", INT, "Cap on context injected into the prompt."),
    "tool_pass_env": _a("tool_pass_env", S, "Environment variables the command keeps.", *TOOLS),
    "fan_in_sources": _a("fan_in_sources", LIST, "Branches a fan-in node waits for."),
    "max_concurrency": _a("max_concurrency", INT, "Branches run at once."),
    "branch_timeout": _a("branch_timeout", D, "How long each branch may run."),
    "default": _a("default", S, "Label chosen on timeout (older spelling).", "wait.human"),
}

# Attributes of the DOT dialect some exporters write (`node_type`, `is_codergen`, `llm_prompt`,
# `max_agent_turns`, `context_fidelity_default`: tracker examples/glimpser-port.dot before
# commit bc37420). tracker reads none of them. Metadata that changes nothing is quiet; a name
# whose meaning tracker reads under another name is reported with that name.
EXPORTER_METADATA = frozenset({"is_codergen", "node_type", "context_thread_default"})
TRACKER_SPELLING = {
    "llm_prompt": "prompt",
    "max_agent_turns": "max_turns",
    "context_fidelity_default": "default_fidelity",
}

# the typed-outputs engine's declarations (seed 003)
TYPED_NODE_ATTRIBUTES: dict[str, Attribute] = {
    "outputs": _a(
        "outputs",
        LIST,
        "Declared outputs `name:kind`, the only keys the agent may set.",
        "codergen",
    ),
    "facts": _a("facts", LIST, "Dotted fact names a script or probe node writes.", *TOOLS),
}

GRAPH_ATTRIBUTES: dict[str, Attribute] = {
    "goal": _a("goal", S, "The pipeline's objective, expanded as `$goal`."),
    "label": _a("label", S, "Display name of the pipeline."),
    "model_stylesheet": _a("stylesheet", S, "Selectors and model properties for nodes."),
    "default_max_retries": _a("max_retries", U, "Default retry count (Attractor spelling)."),
    "default_max_retry": _a("max_retries", U, "Default retry count (tracker spelling)."),
    "default_retry_policy": _a("retry_policy", S, "Default retry policy."),
    "default_fidelity": _a("fidelity", S, "Default fidelity."),
    "retry_target": _a("retry_target", NODE_ID, "Where an unsatisfied goal gate goes."),
    "fallback_retry_target": _a(
        "fallback_retry_target", NODE_ID, "Where a failure goes when nothing else applies."
    ),
    "fallback_target": _a("on_failure", NODE_ID, "Graph-wide failure route."),
    "restart_target": _a("restart_target", NODE_ID, "Node every loop restart goes to."),
    "max_restarts": _a("max_restarts", INT, "Loop restarts allowed in one run (default 5)."),
    "llm_model": _a("model", S, "Default model."),
    "llm_provider": _a("provider", S, "Default provider."),
    "cache_tool_results": _a("cache_tools", B, "Cache tool results."),
    "context_compaction": _a("compaction", S, "Default context compaction."),
    "on_resume": _a("on_resume", S, "preserve or degrade."),
    "tool_commands_allow": _a("tool_commands_allow", S, "Comma globs every command must match."),
    "tool_denylist_add": _a("tool_denylist_add", S, "Comma globs added to the denylist."),
    "max_total_tokens": _a("max_total_tokens", INT, "Token budget of the run."),
    "max_cost_cents": _a("max_cost_cents", INT, "Cost budget in cents."),
    "max_wall_time": _a("max_wall_time", D, "Wall-clock budget."),
    "stall_timeout": _a("stall_timeout", D, "Fail when no progress for this long."),
    "version": _a("version", S, "The pipeline's version."),
    "requires": _a("requires", LIST, "Advisory environment dependencies."),
    "default_base_delay": _a("base_delay", D, "Default base delay between retries."),
    "reasoning_effort": _a("reasoning_effort", S, "Default reasoning effort."),
    "llm_fallbacks": _a("llm_fallbacks", S, "Default fallback models."),
    "workflow_dir": _a("workflow_dir", S, "Directory file paths resolve against."),
    "max_cost_usd": _a("max_cost_usd", F, "Default cost cap of a node, in dollars."),
    "no_progress_turns": _a("no_progress_turns", INT, "Default turns without progress."),
    "turn_breach_policy": _a("turn_breach_policy", S, "Default turn-limit policy."),
    "verify_after_edit": _a("verify_after_edit", B, "Default: check after every edit."),
    "verify_command": _a("verify_command", S, "Default check run after every edit."),
    "max_verify_retries": _a("max_verify_retries", INT, "Default attempts of the check."),
    "plan_before_execute": _a("plan_before_execute", B, "Default: plan before acting."),
}
# graph attributes that the model keeps in the header rather than in `defaults`
HEADER_GRAPH_ATTRIBUTES = frozenset({"goal", "label", "model_stylesheet", "version", "requires"})

TYPED_GRAPH_ATTRIBUTES: dict[str, Attribute] = {
    "inputs": _a("inputs", LIST, "Declared inputs `name` or `name:kind`, copied into context."),
}

EDGE_ATTRIBUTES: dict[str, Attribute] = {
    "label": _a("label", S, "Edge label; matched against the preferred label."),
    "condition": _a("condition", COND, "Take the edge when the condition holds."),
    "weight": _a("weight", INT, "Priority among unconditional edges (highest wins)."),
    "fidelity": _a("fidelity", S, "Fidelity for the target node when this edge is taken."),
    "thread_id": _a("thread_id", S, "Conversation thread for the target node."),
    "loop_restart": _a("loop_restart", B, "Start a fresh run from the target."),
}

# .dip edge attributes that tracker's DOT loader never reads (Edge.Choice, Edge.Override are
# only set by the .dip adapter; restart/loop only order the TUI)
IGNORED_EDGE_ATTRIBUTES = {
    "choice": "the routing key `choice` exists only in .dip files; tracker's DOT loader keeps "
    "it as an unused attribute (routing uses the label)",
    "override": "`override` exists only in .dip files; tracker's DOT loader never sets it",
    "restart": "`restart` has no effect on routing (and tracker's DOT loader ignores it)",
    "when": "a DOT edge takes its condition from `condition`",
}

# Graphviz's own attributes: layout and presentation, ignored by the runtimes.
GRAPHVIZ_ATTRIBUTES = frozenset(
    {
        "_background",
        "area",
        "arrowhead",
        "arrowsize",
        "arrowtail",
        "bb",
        "beautify",
        "bgcolor",
        "center",
        "charset",
        "class",
        "cluster",
        "clusterrank",
        "color",
        "colorscheme",
        "comment",
        "compound",
        "concentrate",
        "constraint",
        "Damping",
        "decorate",
        "defaultdist",
        "dim",
        "dimen",
        "dir",
        "diredgeconstraints",
        "distortion",
        "dpi",
        "edgehref",
        "edgetarget",
        "edgetooltip",
        "edgeURL",
        "epsilon",
        "esep",
        "fillcolor",
        "fixedsize",
        "fontcolor",
        "fontname",
        "fontnames",
        "fontpath",
        "fontsize",
        "forcelabels",
        "gradientangle",
        "group",
        "head_lp",
        "headclip",
        "headhref",
        "headlabel",
        "headport",
        "headtarget",
        "headtooltip",
        "headURL",
        "height",
        "href",
        "id",
        "image",
        "imagepath",
        "imagepos",
        "imagescale",
        "inputscale",
        "K",
        "label",
        "label_scheme",
        "labelangle",
        "labeldistance",
        "labelfloat",
        "labelfontcolor",
        "labelfontname",
        "labelfontsize",
        "labelhref",
        "labeljust",
        "labelloc",
        "labeltarget",
        "labeltooltip",
        "labelURL",
        "landscape",
        "layer",
        "layerlistsep",
        "layers",
        "layerselect",
        "layersep",
        "layout",
        "len",
        "levels",
        "levelsgap",
        "lhead",
        "lheight",
        "linelength",
        "lp",
        "ltail",
        "lwidth",
        "margin",
        "maxiter",
        "mclimit",
        "mindist",
        "minlen",
        "mode",
        "model",
        "newrank",
        "nodesep",
        "nojustify",
        "normalize",
        "notranslate",
        "nslimit",
        "nslimit1",
        "oneblock",
        "ordering",
        "orientation",
        "outputorder",
        "overlap",
        "overlap_scaling",
        "overlap_shrink",
        "pack",
        "packmode",
        "pad",
        "page",
        "pagedir",
        "pencolor",
        "penwidth",
        "peripheries",
        "pin",
        "pos",
        "quadtree",
        "quantum",
        "radius",
        "rank",
        "rankdir",
        "ranksep",
        "ratio",
        "rects",
        "regular",
        "remincross",
        "repulsiveforce",
        "resolution",
        "root",
        "rotate",
        "rotation",
        "samehead",
        "sametail",
        "samplepoints",
        "scale",
        "searchsize",
        "sep",
        "shape",
        "shapefile",
        "showboxes",
        "sides",
        "size",
        "skew",
        "smoothing",
        "sortv",
        "splines",
        "start",
        "style",
        "stylesheet",
        "tailclip",
        "tail_lp",
        "tailhref",
        "taillabel",
        "tailport",
        "tailtarget",
        "tailtooltip",
        "tailURL",
        "target",
        "TBbalance",
        "tooltip",
        "truecolor",
        "URL",
        "vertices",
        "viewport",
        "voro_margin",
        "weight",
        "width",
        "xdotversion",
        "xlabel",
        "xlp",
        "z",
    }
)

# .dip file directives: tracker resolves them for .dip files only, a DOT node's
# `prompt_file` is an unused attribute
DIP_ONLY_DIRECTIVES = frozenset(
    {"prompt_file", "system_prompt_file", "command_file", "prompt_include"}
)


@record(frozen=True, slots=True)
class Output:
    """One ``name:kind`` declaration; a choice lists its values as ``choice(a|b)``."""

    name: Name
    kind: Name
    values: tuple[Name, ...]
    span: Span


def parse_outputs(text: Text) -> list[Output]:
    """The ``name:kind`` entries of an ``outputs`` declaration, with spans."""
    result: list[Output] = []
    for entry in list_items(text):
        raw = entry.value
        name, colon, rest = raw.partition(":")
        start = entry.span.start
        name_span = Span(entry.span.source, start, start + len(name.rstrip()))
        if not colon:
            result.append(
                Output(Name(name.strip(), name_span), Name("", name_span), (), entry.span)
            )
            continue
        kind_text = rest.strip()
        kind_offset = start + len(name) + 1 + (len(rest) - len(rest.lstrip()))
        values: list[Name] = []
        kind_name = kind_text
        if "(" in kind_text and kind_text.endswith(")"):
            kind_name, _, inner = kind_text[:-1].partition("(")
            cursor = kind_offset + len(kind_name) + 1
            for part in inner.split("|"):
                value = part.strip()
                lead = len(part) - len(part.lstrip())
                if value:
                    begin = cursor + lead
                    values.append(Name(value, Span(entry.span.source, begin, begin + len(value))))
                cursor += len(part) + 1
            kind_name = kind_name.strip()
        kind_span = Span(entry.span.source, kind_offset, kind_offset + len(kind_name))
        result.append(
            Output(
                Name(name.strip(), name_span), Name(kind_name, kind_span), tuple(values), entry.span
            )
        )
    return result

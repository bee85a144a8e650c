"""What the tracker runtime does with a workflow, in one place
(docs/runtime/loading.md#how-tracker-loads-a-dip-file, docs/runtime/README.md).

Rules and the simulator import these facts instead of restating them: which handler runs a
node, which context keys each handler writes, which keys are ambient, which keys a tool
command may interpolate and which keys ``writes:`` may not name.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

from dipcheck.model import Field, Node, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.references import ListItem, list_items
from dipcheck.source import ByIdentity


class Handler(StrEnum):
    CODERGEN = "codergen"
    HUMAN = "wait.human"
    TOOL = "tool"
    PARALLEL = "parallel"
    FAN_IN = "parallel.fan_in"
    SUBGRAPH = "subgraph"
    CONDITIONAL = "conditional"
    MANAGER_LOOP = "stack.manager_loop"
    START = "start"
    EXIT = "exit"


_BY_KIND = {
    NodeKind.AGENT: Handler.CODERGEN,
    NodeKind.HUMAN: Handler.HUMAN,
    NodeKind.TOOL: Handler.TOOL,
    NodeKind.PARALLEL: Handler.PARALLEL,
    NodeKind.FAN_IN: Handler.FAN_IN,
    NodeKind.SUBGRAPH: Handler.SUBGRAPH,
    NodeKind.CONDITIONAL: Handler.CONDITIONAL,
    NodeKind.MANAGER_LOOP: Handler.MANAGER_LOOP,
}


_HANDLERS = {item.value: item for item in Handler}


def handler_of(node: Node, workflow: Workflow) -> Handler:
    """The handler tracker runs for ``node``: the one the source names (a DOT shape or
    ``type``), else the kind's; an agent without a prompt at the start or exit becomes the
    passthrough ``start``/``exit`` handler (``ensureStartExitNodes``). Worked out once per
    node and workflow (a dozen rules ask about every node)."""
    # (`Workflow.derived`'s look-up written out, as it writes out `kept_with`'s: asked 11
    # times a node, this saves a call and a closure each time: 4,200 -> 2,500 instructions)
    # (every workflow has its memo: `Workflow.__post_init__` makes it, `replace` and pickling
    # keep it)
    table = workflow.__dict__["_derived"].get("handlers")
    if table is None:
        table = _handler_table(workflow)
    found = table.get(id(node))
    return found if found is not None else _handler(node, workflow)


def _handler_table(workflow: Workflow) -> dict[int, Handler]:
    return workflow.derived("handlers", lambda: _handlers(workflow))


def _handlers(workflow: Workflow) -> dict[int, Handler]:
    """Each node's handler, keyed by the node's identity: the workflow keeps its nodes alive,
    so no other object has one of these ids while the table is in use; a node from elsewhere
    finds no entry."""
    return {id(node): _handler(node, workflow) for node in workflow.nodes}


def entries(item: Field, workflow: Workflow) -> list[ListItem]:
    """The entries of a list field of ``workflow`` (``writes:``, ``reads:``;
    :func:`~dipcheck.references.list_items`), read once per field: a dozen rules read every
    node's ``writes:``. The list is shared: not to be changed."""
    # (the memo read as in `handler_of`: asked 4 times a node)
    known: ByIdentity[Field, list[ListItem]] | None = workflow.__dict__["_derived"].get("entries")
    if known is None:
        known = workflow.derived("entries", ByIdentity)
    return known.get(item, _entries)


def _entries(item: Field) -> list[ListItem]:
    return list_items(item.value)


def _handler(node: Node, workflow: Workflow) -> Handler:
    named = _HANDLERS.get(node.handler) if node.handler else None
    if named is not None:
        return named
    handler = _BY_KIND[node.kind]
    if handler is Handler.CODERGEN and not node.value("prompt").strip():
        if node.id == workflow.start:
            return Handler.START
        if node.id == workflow.exit:
            return Handler.EXIT
    return handler


def nodes_run_by(workflow: Workflow, handler: Handler) -> Iterator[Node]:
    """The nodes tracker runs with ``handler``, in declaration order."""
    return iter(workflow.derived("run_by", lambda: _run_by(workflow)).get(handler, ()))


def _run_by(workflow: Workflow) -> dict[Handler, list[Node]]:
    table: dict[Handler, list[Node]] = {}
    for node in workflow.nodes:
        table.setdefault(handler_of(node, workflow), []).append(node)
    return table


def first_fan_in(workflow: Workflow) -> dict[str, str]:
    """Each node → the first fan_in (in declaration order) that lists it as a source: the
    join the adapter gives a parallel node whose first branch it is (§0.2). Built once per
    workflow (asked for each parallel node, a search of every fan_in was quadratic)."""
    return workflow.derived("first_fan_in", lambda: _first_fan_in(workflow))


def _first_fan_in(workflow: Workflow) -> dict[str, str]:
    table: dict[str, str] = {}
    for node in workflow.nodes:
        if node.kind is NodeKind.FAN_IN:
            for member in node.members:
                table.setdefault(member.value, node.id)
    return table


def tool_nodes(workflow: Workflow) -> Iterator[Node]:
    """The nodes tracker runs with its tool handler (a shell command)."""
    return nodes_run_by(workflow, Handler.TOOL)


# Keys tracker's availability check never reports (alwaysAvailableVarKeys, 24 keys).
ALWAYS_AVAILABLE = frozenset(
    {
        "outcome",
        "preferred_label",
        "last_response",
        "human_response",
        "tool_stdout",
        "tool_stderr",
        "tool_marker",
        "tool_marker_error",
        "tool_route",
        "suggested_next_nodes",
        "turn_limit_msg",
        "turn_breach_class",
        "node_cost_exceeded",
        "node_no_progress",
        "episode_summary",
        "episode_summaries",
        "interview_questions",
        "interview_answers",
        "graph.goal",
        "last_cost",
        "last_turns",
        "writes_error",
        "writes_warning",
        "completed_summary",
    }
)

# Namespaces whose keys are dynamic (ambientVarPrefixes).
AMBIENT_PREFIXES = (
    "graph.",
    "params.",
    "inputs.",
    "response.",
    "summary.",
    "steer.",
    "stack.",
    "parallel.",
    "fan_in.",
    "internal.",
    "_",
    "node.",
)


def is_ambient(key: str) -> bool:
    return key in ALWAYS_AVAILABLE or key.startswith(AMBIENT_PREFIXES)


# The only ctx keys a tool command may interpolate (toolCommandSafeCtxKeys).
TOOL_SAFE_KEYS = frozenset({"outcome", "preferred_label", "human_response", "interview_answers"})

# Keys the engine resets to "" before every node runs, so a prompt or command never sees them.
RESET_BEFORE_NODE = frozenset({"outcome", "preferred_label"})

# Keys `writes:` may not name (isReservedWritesKey), and the reserved namespace.
RESERVED_WRITES = frozenset(
    {
        "outcome",
        "preferred_label",
        "human_response",
        "interview_answers",
        "writes_error",
        "writes_warning",
        "tool_marker",
        "tool_marker_error",
        "tool_route",
    }
)
RESERVED_WRITES_PREFIX = "inputs."

# Namespaces a `writes:` key should not be put under: the runtime or the author owns them.
TRUSTED_NAMESPACES = (
    "graph.",
    "params.",
    "node.",
    "steer.",
    "stack.",
    "parallel.",
    "internal.",
    "_",
)

# Handlers that apply declared `writes:` (applyDeclaredWrites); a human only in interview mode.
WRITES_HANDLERS = frozenset({Handler.CODERGEN, Handler.TOOL})

# Handlers whose merged-back context the enclosing graph cannot enumerate.
OPAQUE_HANDLERS = frozenset({Handler.SUBGRAPH, Handler.MANAGER_LOOP})

_COMMON_WRITTEN = frozenset({"outcome", "preferred_label", "writes_error", "writes_warning"})

_BUILTIN_WRITES: dict[Handler, frozenset[str]] = {
    Handler.CODERGEN: _COMMON_WRITTEN
    | {
        "last_response",
        "episode_summary",
        "episode_summaries",
        "last_cost",
        "last_turns",
        "turn_limit_msg",
        "turn_breach_class",
        "node_cost_exceeded",
        "node_no_progress",
    },
    Handler.TOOL: _COMMON_WRITTEN
    | {"tool_stdout", "tool_stderr", "tool_marker", "tool_marker_error", "tool_route"},
    Handler.HUMAN: _COMMON_WRITTEN | {"human_response"},
    Handler.PARALLEL: _COMMON_WRITTEN
    | {"parallel.results", "fan_in.policy_detail", "suggested_next_nodes"},
    Handler.CONDITIONAL: frozenset({"outcome", "preferred_label"}),
    Handler.START: frozenset({"outcome", "preferred_label"}),
    Handler.EXIT: frozenset({"outcome", "preferred_label"}),
}


def applies_writes(node: Node, workflow: Workflow) -> bool:
    handler = handler_of(node, workflow)
    if handler is Handler.HUMAN:
        return node.value("mode").strip() == "interview"
    return handler in WRITES_HANDLERS


def possible_keys(
    node: Node, workflow: Workflow, declared: frozenset[str]
) -> frozenset[str] | None:
    """Every key ``node`` can ever write (and so every ``node.<id>.<key>`` alias it can have),
    or None when the set is open (fan_in merges branch outputs; subgraphs and manager loops
    merge a child's whole context)."""
    handler = handler_of(node, workflow)
    if handler in (Handler.FAN_IN, Handler.SUBGRAPH, Handler.MANAGER_LOOP):
        return None
    keys = set(_BUILTIN_WRITES[handler])
    if handler in (Handler.CODERGEN, Handler.HUMAN):
        keys.add(f"response.{node.id}")
    if handler is Handler.HUMAN and node.value("mode").strip() == "interview":
        keys.add(node.value("answers_key").strip() or "interview_answers")
    if applies_writes(node, workflow):
        keys |= declared
    return frozenset(keys)


def success_only(node: Node, workflow: Workflow) -> str | None:
    """Why ``node``'s handler always reports success, or None when it can fail (§5.3): a
    conditional node, a pass-through start or exit node, a choice or freeform human gate
    whose timeout (if any) cannot fail."""
    return _success_only(node, handler_of(node, workflow))


def _success_only(node: Node, handler: Handler) -> str | None:
    if handler is Handler.CONDITIONAL:
        return "a conditional node always reports success"
    if handler in (Handler.START, Handler.EXIT):
        return f"a pass-through {handler.value} node always reports success"
    if handler is not Handler.HUMAN:
        return None
    mode = node.value("mode").strip() or "choice"
    if mode not in ("choice", "freeform"):
        return None
    if node.value("timeout").strip():
        action = node.value("timeout_action").strip()
        if action == "fail" or not node.value("default").strip():
            return None  # a timeout can fail the gate
    return f"a human gate in {mode} mode always reports success (the answer is the label)"


def outcomes(node: Node, workflow: Workflow) -> tuple[str, ...]:
    """The statuses edge selection can see after ``node``: `retry` is handled before edges are
    chosen, `partial_success` and `skipped` are never reported by a handler (only goal gates
    accept `partial_success`), so it is `success` and, unless the handler always succeeds,
    `fail` (docs/runtime/edge-selection.md#choosing-an-edge)."""
    handler = handler_of(node, workflow)
    if handler in (Handler.START, Handler.EXIT):
        return ("success",)
    return ("success",) if _success_only(node, handler) else ("success", "fail")


# Workflow-level settings the adapter turns into graph attributes
# (docs/runtime/loading.md#from-dippin-to-trackers-graph):
# defaults key → attribute name.
_DEFAULTS_ATTRIBUTES = {
    "model": "llm_model",
    "provider": "llm_provider",
    "tool_commands_allow": "tool_commands_allow",
    "tool_denylist_add": "tool_denylist_add",
    "retry_policy": "default_retry_policy",
    "max_retries": "default_max_retry",
    "fidelity": "default_fidelity",
    "max_restarts": "max_restarts",
    "restart_target": "restart_target",
    "on_failure": "fallback_target",
    "cache_tools": "cache_tool_results",
    "compaction": "context_compaction",
    "on_resume": "on_resume",
    "max_total_tokens": "max_total_tokens",
    "max_cost_cents": "max_cost_cents",
    "max_wall_time": "max_wall_time",
    "stall_timeout": "stall_timeout",
}
GRAPH_ATTRIBUTE_SOURCES = {attribute: key for key, attribute in _DEFAULTS_ATTRIBUTES.items()}


def graph_attributes(workflow: Workflow) -> frozenset[str]:
    """The graph attributes the runtime sets for ``workflow``: ``${graph.X}`` and ``$X``
    resolve only to these (§0.2, §7). ``workflow_dir`` is added by the CLI loader for a
    workflow loaded from disk."""
    names = {"workflow_dir"}
    if workflow.format == "dot":  # every graph attribute of a DOT file, as written
        names.update(
            item.key_span.text
            for item in (*workflow.header, *workflow.defaults)
            if item.key not in ("start", "exit")  # derived from node shapes
        )
        names.update(f"params.{item.key}" for item in workflow.vars)
        return frozenset(names)
    for key in ("goal", "version", "requires"):
        if workflow.header_field(key) is not None:
            names.add(key)
    if workflow.stylesheet is not None:
        names.add("model_stylesheet")
    for item in workflow.defaults:
        attribute = _DEFAULTS_ATTRIBUTES.get(item.key)
        if attribute is not None:
            names.add(attribute)
    names.update(f"params.{item.key}" for item in workflow.vars)
    return frozenset(names)


# -- prompt fidelity (pipeline/fidelity.go, handlers/prompt.go, transforms.go) --------------

FIDELITY_LEVELS = ("full", "summary:high", "summary:medium", "summary:low", "compact", "truncate")

# What each level adds to a codergen prompt besides the prompt's own text: `full` appends
# `human_response` and `last_response` (InjectPipelineContext); `summary:high` prepends every
# context key; `summary:medium` and `truncate` the fixed medium set plus the node's `reads:`
# keys (truncate caps each value at 500 characters); `summary:low` the goal and a
# `completed_summary`; `compact` the goal and `outcome`.
FIDELITY_KEYS: dict[str, frozenset[str] | None] = {
    "full": frozenset({"human_response", "last_response"}),
    "summary:high": None,  # every key
    "summary:medium": frozenset(
        {
            "outcome",
            "last_response",
            "human_response",
            "preferred_label",
            "tool_stdout",
            "tool_stderr",
            "graph.goal",
        }
    ),
    "summary:low": frozenset({"graph.goal", "completed_summary"}),
    "compact": frozenset({"graph.goal", "outcome"}),
}
FIDELITY_KEYS["truncate"] = FIDELITY_KEYS["summary:medium"]
# Levels that add the node's `reads:` keys to the prompt (CompactContextWithPinnedKeys).
READS_FIDELITIES = frozenset({"summary:medium", "truncate"})


@record(frozen=True, slots=True)
class Fidelity:
    """The fidelity tracker resolves for a node's prompt (``ResolveFidelity``): ``level``;
    ``source`` is ``"node"``, ``"default"`` or ``"builtin"``; ``skipped`` holds an invalid
    node value that was passed over silently."""

    level: str
    source: str
    skipped: str = ""

    def describe(self) -> str:
        """``its prompt runs at `full` (tracker's default fidelity)``, naming where the level
        comes from and any invalid value tracker passed over."""
        where = {
            "node": "its `fidelity:`",
            "default": "the workflow's default fidelity",
            "builtin": "tracker's default fidelity",
        }[self.source]
        text = f"its prompt runs at `{self.level}` ({where})"
        if self.skipped:
            text = f"its `fidelity: {self.skipped}` is not a level tracker knows, so {text}"
        return text


def prompt_fidelity(node: Node, workflow: Workflow) -> Fidelity:
    """The node's own valid ``fidelity``, else a valid ``defaults.fidelity`` (DOT
    ``default_fidelity``), else ``full``; an invalid value is skipped silently."""
    own = node.value("fidelity").strip()
    if own in FIDELITY_LEVELS:
        return Fidelity(own, "node")
    skipped = own
    default = workflow.default_value("fidelity")
    if default in FIDELITY_LEVELS:
        return Fidelity(default, "default", skipped)
    return Fidelity("full", "builtin", skipped)

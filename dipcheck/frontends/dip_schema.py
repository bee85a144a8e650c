"""What each block of a ``.dip`` file may contain, and how typed values are checked.

The tables follow dippin-lang upstream (v0.71 to v0.75, dippin-language.md §1.3 to §1.8). They are
used by the front-end (DC004/DC005), by completion and by hover.
"""

from __future__ import annotations

import math
import re
from enum import StrEnum

from dipcheck import integers
from dipcheck.lazyre import lazy
from dipcheck.model import NodeKind
from dipcheck.records import record


class ValueType(StrEnum):
    STRING = "string"
    INTEGER = "integer"
    NON_NEGATIVE = "non-negative integer"
    FLOAT = "float"
    DURATION = "duration"
    BOOLEAN = "boolean"
    LIST = "list"
    MAPPING = "mapping block"
    NODE = "node id"
    FILE = "file path"
    CONDITION = "condition"
    TIMEOUT_ACTION = "timeout action"
    NONE_ONLY = "none"
    PATHS = "path globs"


@record(frozen=True, slots=True)
class FieldSpec:
    type: ValueType
    doc: str


def _spec(type_: ValueType, doc: str) -> FieldSpec:
    return FieldSpec(type_, doc)


S, INT, U, F, D, B = (
    ValueType.STRING,
    ValueType.INTEGER,
    ValueType.NON_NEGATIVE,
    ValueType.FLOAT,
    ValueType.DURATION,
    ValueType.BOOLEAN,
)

COMMON_FIELDS: dict[str, FieldSpec] = {
    "label": _spec(S, "Display name; on human gates also the routing key of an edge."),
    "class": _spec(ValueType.LIST, "Comma list of stylesheet classes."),
    "reads": _spec(ValueType.LIST, "Context keys this node reads (comma list or `- key` block)."),
    "writes": _spec(
        ValueType.LIST, "Context keys extracted from this node's JSON output into the context."
    ),
    "retry_policy": _spec(S, "standard, aggressive, patient, linear or none."),
    "max_retries": _spec(INT, "Retries on a `retry` status before the fallback."),
    "base_delay": _spec(D, "Base delay between retries (e.g. 2s)."),
    "retry_target": _spec(ValueType.NODE, "Node to re-run on a retry (default: this node)."),
    "fallback_target": _spec(ValueType.NODE, "Node to route to once retries are exhausted."),
    "fallback_retry_target": _spec(ValueType.NODE, "dip 2 spelling of `fallback_target`."),
}

AGENT_FIELDS: dict[str, FieldSpec] = {
    "prompt": _spec(S, "The task for the LLM; a `prompt:` line followed by an indented block."),
    "prompt_file": _spec(ValueType.FILE, "Read the prompt from a file next to the workflow."),
    "prompt_include": _spec(ValueType.FILE, "Append a shared prompt fragment file."),
    "prompt_prefix": _spec(ValueType.NONE_ONLY, "`none` opts out of the defaults prefix."),
    "prompt_suffix": _spec(ValueType.NONE_ONLY, "`none` opts out of the defaults suffix."),
    "system_prompt": _spec(S, "System prompt for this agent."),
    "system_prompt_file": _spec(ValueType.FILE, "Read the system prompt from a file."),
    "model": _spec(S, "Model id, or a `[provider/]family@latest|stable|sota` alias."),
    "provider": _spec(S, "anthropic, openai, gemini or openai-compat"),
    "backend": _spec(S, "Agent backend."),
    "working_dir": _spec(S, "Working directory of the agent session."),
    "tool_access": _spec(S, "`none` runs the agent without tools."),
    "writable_paths": _spec(ValueType.PATHS, "Comma globs the agent may write."),
    "writable_paths_mode": _spec(S, "`require` or `prefer` (Landlock jail)."),
    "last_response_truncate": _spec(INT, "Cap on last_response in bytes."),
    "max_turns": _spec(INT, "Turn limit of the agent session."),
    "cmd_timeout": _spec(D, "Timeout of each shell command the agent runs."),
    "goal_gate": _spec(B, "The exit checks that this node last succeeded."),
    "auto_status": _spec(B, "Take the outcome from a `STATUS: success|fail|retry` line."),
    "cache_tools": _spec(B, "Cache tool results."),
    "reasoning_effort": _spec(S, "none, minimal, low, medium, high, xhigh or max."),
    "fidelity": _spec(S, "full, summary:high, summary:medium, summary:low, compact, truncate."),
    "compaction": _spec(S, "Context compaction mode."),
    "compaction_threshold": _spec(F, "Compaction threshold between 0 and 1."),
    "response_format": _spec(S, "json_object or json_schema."),
    "response_schema": _spec(S, "JSON schema of the response (multi-line block)."),
    "params": _spec(ValueType.MAPPING, "Extra `key: value` attributes passed to the handler."),
}

HUMAN_FIELDS: dict[str, FieldSpec] = {
    "mode": _spec(S, "choice (default), freeform, interview or yes_no."),
    "default": _spec(S, "Label chosen on timeout or an empty answer."),
    "prompt": _spec(S, "Question shown to the human."),
    "questions_key": _spec(S, "Context key holding interview questions."),
    "answers_key": _spec(S, "Context key the interview answers are written to."),
    "timeout": _spec(D, "How long to wait for an answer."),
    "timeout_action": _spec(ValueType.TIMEOUT_ACTION, "fail or default."),
}

TOOL_FIELDS: dict[str, FieldSpec] = {
    "command": _spec(S, "Shell command; a `command:` line followed by an indented block."),
    "command_file": _spec(ValueType.FILE, "Read the command from a script next to the workflow."),
    "timeout": _spec(D, "Kill the command after this long."),
    "outputs": _spec(ValueType.LIST, "Values the command prints for routing."),
    "marker_grep": _spec(S, "Regex whose first match on stdout becomes ctx.tool_marker."),
    "route_required": _spec(B, "Fail when the command prints no `_TRACKER_ROUTE=` line."),
    "output_limit": _spec(U, "Bytes of output kept (default 64KB)."),
}

SUBGRAPH_FIELDS: dict[str, FieldSpec] = {
    "ref": _spec(S, "Path of the child workflow."),
    "params": _spec(ValueType.MAPPING, "Parameters for the child (dip 1)."),
    "inputs": _spec(ValueType.MAPPING, "Input bindings for the child (dip 2)."),
}

MANAGER_LOOP_FIELDS: dict[str, FieldSpec] = {
    "subgraph_ref": _spec(S, "Path of the supervised child workflow."),
    "poll_interval": _spec(D, "How often the child is polled (default 45s)."),
    "max_cycles": _spec(INT, "Poll cycles before the run fails (default 1000)."),
    "stop_condition": _spec(ValueType.CONDITION, "Stop when true (usually over stack.child.*)."),
    "steer_condition": _spec(ValueType.CONDITION, "Push steer_context into the child when true."),
    "steer_context": _spec(ValueType.MAPPING, "Keys pushed into the child as steer.*."),
}

FORK_FIELDS: dict[str, FieldSpec] = {
    "params": _spec(ValueType.MAPPING, "Handler parameters (fan_in_policy, quorum)."),
}

PARALLEL_FIELDS: dict[str, FieldSpec] = {
    **FORK_FIELDS,
    "branch": _spec(ValueType.NODE, "A branch target, with optional indented overrides."),
}

BRANCH_FIELDS: dict[str, FieldSpec] = {
    "model": AGENT_FIELDS["model"],
    "provider": AGENT_FIELDS["provider"],
    "fidelity": AGENT_FIELDS["fidelity"],
    "tool_access": AGENT_FIELDS["tool_access"],
    "writable_paths": AGENT_FIELDS["writable_paths"],
    "last_response_truncate": AGENT_FIELDS["last_response_truncate"],
    "writable_paths_mode": AGENT_FIELDS["writable_paths_mode"],
}

NODE_FIELDS: dict[NodeKind, dict[str, FieldSpec]] = {
    NodeKind.AGENT: {**COMMON_FIELDS, **AGENT_FIELDS},
    NodeKind.HUMAN: {**COMMON_FIELDS, **HUMAN_FIELDS},
    NodeKind.TOOL: {**COMMON_FIELDS, **TOOL_FIELDS},
    NodeKind.SUBGRAPH: {**COMMON_FIELDS, **SUBGRAPH_FIELDS},
    NodeKind.CONDITIONAL: dict(COMMON_FIELDS),
    NodeKind.MANAGER_LOOP: {**COMMON_FIELDS, **MANAGER_LOOP_FIELDS},
    NodeKind.PARALLEL: {**COMMON_FIELDS, **PARALLEL_FIELDS},
    NodeKind.FAN_IN: {**COMMON_FIELDS, **FORK_FIELDS},
}

DEFAULTS_FIELDS: dict[str, FieldSpec] = {
    "model": _spec(S, "Default model for agents."),
    "provider": _spec(S, "Default provider for agents."),
    "retry_policy": _spec(S, "Default retry policy."),
    "max_retries": _spec(INT, "Default retry count."),
    "fidelity": _spec(S, "Default fidelity."),
    "max_restarts": _spec(INT, "Loop restarts allowed in one run (default 5)."),
    "restart_target": _spec(ValueType.NODE, "Node every loop restart goes to."),
    "cache_tools": _spec(S, "Cache tool results (`true` enables)."),
    "compaction": _spec(S, "Default context compaction."),
    "on_resume": _spec(S, "preserve or degrade."),
    "on_failure": _spec(ValueType.NODE, "Graph-wide failure route."),
    "max_total_tokens": _spec(INT, "Token budget of the run (0 = none)."),
    "max_cost_cents": _spec(INT, "Cost budget in cents (0 = none)."),
    "max_wall_time": _spec(D, "Wall-clock budget (0 = none)."),
    "stall_timeout": _spec(D, "Fail when no progress for this long."),
    "tool_commands_allow": _spec(S, "Comma globs every tool command statement must match."),
    "tool_denylist_add": _spec(S, "Comma globs added to the command denylist."),
    "prompt_prefix": _spec(S, "Text prepended to every agent prompt."),
    "prompt_suffix": _spec(S, "Text appended to every agent prompt."),
    "prompt_prefix_file": _spec(ValueType.FILE, "File prepended to every agent prompt."),
    "prompt_suffix_file": _spec(ValueType.FILE, "File appended to every agent prompt."),
    "system_prompt_file": _spec(ValueType.FILE, "Fallback system prompt file."),
}

HEADER_FIELDS: dict[str, FieldSpec] = {
    "goal": _spec(S, "The workflow's objective, available as graph.goal."),
    "start": _spec(ValueType.NODE, "The node the run starts at."),
    "exit": _spec(ValueType.NODE, "The node that ends the run."),
    "requires": _spec(ValueType.LIST, "Advisory environment dependencies."),
    "stylesheet": _spec(S, "Selectors and properties applied to nodes (indented block)."),
}

INPUT_TYPES = ("text", "number", "bool", "enum", "file", "secret")

INPUT_ATTRIBUTES: dict[str, FieldSpec] = {
    "required": _spec(B, "The caller must supply a value."),
    "default": _spec(S, "Value used when none is supplied."),
    "prompt": _spec(S, "Question asked for the value."),
    "description": _spec(S, "What the input is for."),
    "options": _spec(ValueType.LIST, "Allowed values (enum)."),
    "pattern": _spec(S, "Regex the value must match (text, secret)."),
    "min": _spec(S, "Lower bound (number)."),
    "max": _spec(S, "Upper bound (number)."),
    "max_length": _spec(INT, "Longest accepted value (text, secret)."),
    "multiline": _spec(B, "Accept several lines (text, secret)."),
}

EDGE_ATTRIBUTES: dict[str, FieldSpec] = {
    "when": _spec(ValueType.CONDITION, "Take the edge when the condition holds."),
    "on": _spec(S, "Shorthand for `when ctx.outcome = X` (or ctx.tool_marker on marker tools)."),
    "label": _spec(S, "Edge label; the routing key on human gates."),
    "choice": _spec(S, "Explicit human-gate routing key (wins over label)."),
    "weight": _spec(
        INT,
        "Priority among unconditional edges in tracker (highest wins); dippin flags it (DIP151).",
    ),
    "loop": _spec(B, "Marks a back edge."),
    "restart": _spec(B, "`restart: true` marks a back edge (`loop` is the canonical form)."),
    "override": _spec(B, "Accepting this edge overrides failed goal gates (human gates only)."),
}

ALL_FIELD_NAMES = frozenset(
    {name for table in NODE_FIELDS.values() for name in table}
    | set(DEFAULTS_FIELDS)
    | set(HEADER_FIELDS)
    | set(BRANCH_FIELDS)
)

# Fields only the dippin fork defines (dippin-language.md §2.5: `spec:` in the header,
# `satisfies:` on nodes, `verify_acid` on tools); upstream dippin and tracker reject them.
FORK_ONLY_FIELDS = frozenset({"spec", "satisfies", "verify_acid"})

# tracker's DOT attribute names that people carry over into .dip files (dippin rejects them)
RUNTIME_ALIASES: dict[str, str] = {
    "llm_model": "model",
    "llm_provider": "provider",
    "tool_command": "command",
    "command_timeout": "cmd_timeout",
    "cache_tool_results": "cache_tools",
    "context_compaction": "compaction",
    "default_choice": "default",
}

FILE_DIRECTIVES = frozenset(
    {
        "prompt_file",
        "system_prompt_file",
        "command_file",
        "prompt_include",
        "prompt_prefix_file",
        "prompt_suffix_file",
    }
)

INLINE_TWIN = {
    "prompt_file": "prompt",
    "system_prompt_file": "system_prompt",
    "command_file": "command",
    "prompt_prefix_file": "prompt_prefix",
    "prompt_suffix_file": "prompt_suffix",
}

_INTEGER = lazy(r"[+-]?\d+")
# What Go's strconv.ParseFloat (dippin's float fields) reads: a decimal or hexadecimal (`0x`,
# with a `p` exponent) literal, `_` only between digits (or after `0x`), a sign, and the
# specials `inf`/`infinity` (signed or not) and `nan` (unsigned), in any case
_DECIMALS = r"[0-9](?:_?[0-9])*"
_HEX_DIGITS = r"[0-9a-f](?:_?[0-9a-f])*"
_FLOAT = lazy(
    rf"""nan|[+-]?(?:inf(?:inity)?
    |(?P<decimal>(?:{_DECIMALS}\.?(?:{_DECIMALS})?|\.{_DECIMALS})(?:e[+-]?{_DECIMALS})?)
    |0x(?:_?{_HEX_DIGITS}\.?(?:{_HEX_DIGITS})?|\.{_HEX_DIGITS})p[+-]?{_DECIMALS})""",
    re.IGNORECASE | re.VERBOSE,
)
BOOLEAN_WORDS = {
    "true": True,
    "1": True,
    "yes": True,
    "on": True,
    "false": False,
    "0": False,
    "no": False,
    "off": False,
}


# the types whose values can be refused (every other type accepts any text)
_CHECKED_TYPES = frozenset(
    {
        ValueType.INTEGER,
        ValueType.NON_NEGATIVE,
        ValueType.FLOAT,
        ValueType.DURATION,
        ValueType.BOOLEAN,
        ValueType.TIMEOUT_ACTION,
        ValueType.NONE_ONLY,
        ValueType.PATHS,
    }
)


def check_value(type_: ValueType, value: str) -> str | None:
    """Why ``value`` is not a valid ``type_``, or None. Strings, lists and ids always pass
    (and are not even stripped: a prompt can be a long block)."""
    if type_ not in _CHECKED_TYPES:
        return None
    text = value.strip()
    if type_ is ValueType.INTEGER:
        if integers.parse(text) is None:  # ASCII digits within 64 bits, as strconv.Atoi reads
            return f"invalid integer {text!r}"
    elif type_ is ValueType.NON_NEGATIVE:
        number = integers.parse(text) if _INTEGER.fullmatch(text) else None
        if number is None:  # (past 64 bits too: Go's strconv.Atoi refuses it)
            return f"invalid integer {text!r}"
        if number < 0:
            return f"{text} is negative; it must be 0 or more"
    elif type_ is ValueType.FLOAT:
        return _float_problem(text)
    elif type_ is ValueType.DURATION:
        return duration_problem(text)
    elif type_ is ValueType.BOOLEAN:
        if text.lower() not in BOOLEAN_WORDS:
            return f"invalid boolean {text!r} (use true/false, 1/0, yes/no, on/off)"
    elif type_ is ValueType.TIMEOUT_ACTION:
        if text not in ("fail", "default", ""):
            return f"invalid timeout_action {text!r} (use fail or default)"
    elif type_ is ValueType.NONE_ONLY:
        if text != "none":
            return f"only `none` is valid here, not {text!r} (set the text itself under defaults)"
    elif type_ is ValueType.PATHS and not [part for part in text.split(",") if part.strip()]:
        return "writable_paths needs at least one glob"
    return None


def _float_problem(text: str) -> str | None:
    """Why Go's strconv.ParseFloat refuses ``text``: not its syntax, or a finite literal
    that rounds past the largest float64 (ParseFloat's ErrRange)."""
    found = _FLOAT.fullmatch(text)
    if found is None:
        return f"invalid number {text!r}"
    digits = text.replace("_", "")
    if found["decimal"] is not None:
        finite = math.isfinite(float(digits))
    elif digits.lstrip("+-")[:1] in "0.":  # (a hexadecimal literal; the specials start else)
        try:
            float.fromhex(digits)
        except OverflowError:
            finite = False
        else:
            finite = True
    else:
        finite = True
    return None if finite else f"number {text!r} is out of range (past ±1.8e308)"


# nanoseconds per unit of Go's time.ParseDuration (both spellings of micro)
_GO_UNITS = {
    "ns": 1,
    "us": 1_000,
    "µs": 1_000,
    "μs": 1_000,
    "ms": 1_000_000,
    "s": 1_000_000_000,
    "m": 60_000_000_000,
    "h": 3_600_000_000_000,
}
_TOP = 1 << 63  # Go keeps the sum in a uint64 and refuses one past this
_ASCII_DIGITS = "0123456789"


class _Refused(ValueError):
    pass


def go_duration_ns(text: str) -> int:
    """Nanoseconds of ``text`` as Go's ``time.ParseDuration`` reads it (ASCII digits, an
    optional fraction, a unit, repeated; ``0`` alone; a sign), refusing what it refuses with
    :class:`ValueError`: no unit, an unknown one, no digits, or a value past the 64 bits of a
    ``time.Duration`` (about 292 years)."""
    rest = text
    negative = rest[:1] == "-"
    if rest[:1] in ("-", "+"):
        rest = rest[1:]
    if rest == "0":
        return 0
    if not rest:
        raise _Refused("empty")
    total = 0
    at = 0
    while at < len(rest):
        start = at
        whole = 0
        while at < len(rest) and rest[at] in _ASCII_DIGITS:
            whole = whole * 10 + ord(rest[at]) - 48
            if whole > _TOP:
                raise _Refused("out of range")
            at += 1
        digits = at > start
        fraction, scale = 0, 1
        if at < len(rest) and rest[at] == ".":
            at += 1
            begin = at
            grown = True  # digits past what a uint64 holds are read and dropped, as Go does
            while at < len(rest) and rest[at] in _ASCII_DIGITS:
                longer = fraction * 10 + ord(rest[at]) - 48
                grown = grown and fraction <= (_TOP - 1) // 10 and longer <= _TOP
                if grown:
                    fraction, scale = longer, scale * 10
                at += 1
            digits = digits or at > begin
        if not digits:
            raise _Refused("no digits")
        begin = at
        while at < len(rest) and rest[at] not in _ASCII_DIGITS and rest[at] != ".":
            at += 1
        unit = _GO_UNITS.get(rest[begin:at])
        if unit is None:
            raise _Refused("no unit" if at == begin else "unknown unit")
        if whole > _TOP // unit:
            raise _Refused("out of range")
        value = whole * unit
        if fraction:
            value += int(float(fraction) * (float(unit) / scale))
            if value > _TOP:
                raise _Refused("out of range")
        total += value
        if total > _TOP:
            raise _Refused("out of range")
    if not negative and total > _TOP - 1:
        raise _Refused("out of range")
    return -total if negative else total


def go_duration(text: str) -> float | None:
    """Seconds of a Go ``time.ParseDuration`` value (``1h30m``, ``-5s``, ``0``), or None when
    Go would refuse it (:func:`go_duration_ns`)."""
    try:
        return go_duration_ns(text) / 1e9
    except ValueError:
        return None


def duration_problem(text: str) -> str | None:
    """Why Go refuses the duration ``text``, for a message; None when it reads it."""
    try:
        go_duration_ns(text)
    except ValueError as error:
        if str(error) == "out of range":
            return (
                f"invalid duration {text!r}: past the largest Go duration "
                "(2562047h47m16.854775807s, about 292 years)"
            )
        return f"invalid duration {text!r} (use e.g. 30s, 5m, 1h30m, 500ms; there is no `d`)"
    return None


def byte_size(text: str) -> int | None:
    """tracker's ``parseByteSize``: an integer with an optional ``KB``/``MB`` suffix (any
    case); None when it does not parse."""
    value = text.strip()
    upper = value.upper()
    multiplier = 1
    if upper.endswith("MB"):
        value, multiplier = upper[:-2], 1024 * 1024
    elif upper.endswith("KB"):
        value, multiplier = upper[:-2], 1024
    number = integers.parse(value) if _INTEGER.fullmatch(value) else None
    return None if number is None else number * multiplier

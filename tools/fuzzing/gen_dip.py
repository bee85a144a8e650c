"""Generated ``.dip`` workflows (dippin-language.md §1), built from ``dip_schema``'s tables:
header fields, ``defaults``/``vars``/``inputs`` sections, nodes of every kind with the fields
their kind takes (single-line values of the right type, raw blocks, ``params:`` mappings),
``parallel``/``fan_in`` in both forms, subgraph refs, a stylesheet, and edges with conditions,
``on``, labels, choices, weights and back edges. Mostly valid; a few draws are not (a typo'd
target, an unknown field, a wrong type), because that is what the rules are for."""

from __future__ import annotations

import itertools
import random

from dipcheck.frontends.dip_schema import (
    BRANCH_FIELDS,
    DEFAULTS_FIELDS,
    INPUT_ATTRIBUTES,
    INPUT_TYPES,
    NODE_FIELDS,
    ValueType,
)
from dipcheck.model import NodeKind
from fuzzing.values import (
    CONTEXT_KEYS,
    OUTCOMES,
    chance,
    condition,
    ident,
    integer,
    pick,
    prose,
    quoted,
    shell_command,
    unique_ids,
    value_for,
)

KINDS = (
    *(NodeKind.AGENT,) * 6,
    *(NodeKind.TOOL,) * 3,
    *(NodeKind.HUMAN,) * 2,
    NodeKind.CONDITIONAL,
    NodeKind.SUBGRAPH,
    NodeKind.MANAGER_LOOP,
    NodeKind.PARALLEL,
    NodeKind.FAN_IN,
)
# fields written as an indented raw block more often than on one line
BLOCK_FIELDS = frozenset({"prompt", "command", "system_prompt", "response_schema"})
CHILD_REFS = ("child.dip", "child.dip", "fuzz.dip", "missing.dip", "child.dot", "../x.dip", "")


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.unit = pick(rng, ("  ", "  ", "  ", "    ", "\t", "   "))
        self.lines: list[str] = []

    def line(self, depth: int, text: str) -> None:
        comment = ""
        if chance(self.rng, 0.03):
            comment = pick(self.rng, ("  # note", " #x", "  # dipcheck: ignore[DIP003]"))
        self.lines.append(self.unit * depth + text + comment)
        if chance(self.rng, 0.04):
            self.lines.append(
                pick(self.rng, ("", self.unit * depth + "# a comment", "   ", "# top comment"))
            )

    def block(self, depth: int, rows: list[str]) -> None:
        """Raw block content, indented deeper than its key."""
        for row in rows:
            self.lines.append(self.unit * depth + row if row else "")


def _raw_rows(rng: random.Random, key: str, ids: list[str]) -> list[str]:
    if key == "command":
        return [shell_command(rng, ids) for _ in range(rng.randint(1, 3))]
    if key == "response_schema":
        return ['{"type": "object",', '  "properties": {"verdict": {"type": "string"}}}']
    rows = [prose(rng, ids) for _ in range(rng.randint(1, 4))]
    if chance(rng, 0.2):
        rows.insert(rng.randrange(len(rows) + 1), "")
    if chance(rng, 0.1):
        rows.append("  indented more: still raw")
    return rows


def _mapping_rows(rng: random.Random) -> list[str]:
    return [
        f"{pick(rng, (*CONTEXT_KEYS, 'fan_in_policy', 'quorum', 'model'))}: {integer(rng)}"
        if chance(rng, 0.3)
        else f"{pick(rng, (*CONTEXT_KEYS, 'mode', 'branch'))}: {prose(rng)}"
        for _ in range(rng.randint(1, 3))
    ]


def _field(out: _Writer, depth: int, key: str, kind: ValueType, ids: list[str]) -> None:
    rng = out.rng
    if kind is ValueType.MAPPING:
        if key == "steer_context" and chance(rng, 0.5):
            out.line(depth, f"{key}: a=1, b={pick(rng, CONTEXT_KEYS)}")
            return
        out.line(depth, f"{key}:")
        out.block(depth + 1, _mapping_rows(rng))
        return
    if key in BLOCK_FIELDS and chance(rng, 0.6):
        out.line(depth, f"{key}:")
        out.block(depth + 1, _raw_rows(rng, key, ids))
        return
    if key == "ref" or key == "subgraph_ref":
        out.line(depth, f"{key}: {pick(rng, CHILD_REFS)}")
        return
    value = shell_command(rng, ids) if key == "command" else value_for(rng, kind, ids)
    if kind is ValueType.STRING:
        value = quoted(rng, value)
    out.line(depth, f"{key}: {value}" if value else f"{key}:")


def _node(out: _Writer, name: str, kind: NodeKind, ids: list[str]) -> None:
    rng = out.rng
    others = [item for item in ids if item != name] or ids
    if kind is NodeKind.PARALLEL and chance(rng, 0.6):
        members = rng.sample(others, min(len(others), rng.randint(1, 3)))
        out.line(1, f"parallel {name} -> {', '.join(members)}")
        return
    if kind is NodeKind.FAN_IN:
        members = rng.sample(others, min(len(others), rng.randint(1, 3)))
        out.line(1, f"fan_in {name} <- {', '.join(members)}")
        return
    out.line(1, f"{kind.value} {name}")
    if kind is NodeKind.PARALLEL:
        for member in rng.sample(others, min(len(others), rng.randint(1, 3))):
            out.line(2, f"branch: {member}")
            for key in rng.sample(sorted(BRANCH_FIELDS), rng.randint(0, 2)):
                _field(out, 3, key, BRANCH_FIELDS[key].type, ids)
        return
    table = NODE_FIELDS[kind]
    keys = [key for key in table if key != "branch"]
    chosen = rng.sample(keys, min(len(keys), rng.randint(1, 4)))
    # what makes a node of its kind do something
    essential = {
        NodeKind.AGENT: "prompt",
        NodeKind.TOOL: "command",
        NodeKind.HUMAN: "mode",
        NodeKind.SUBGRAPH: "ref",
        NodeKind.MANAGER_LOOP: "subgraph_ref",
        NodeKind.CONDITIONAL: "label",
    }.get(kind)
    if essential and essential not in chosen and chance(rng, 0.85):
        chosen.insert(0, essential)
    for key in chosen:
        if key == "mode":
            out.line(2, f"mode: {pick(rng, ('choice', 'freeform', 'yes_no', 'interview', 'x'))}")
            continue
        _field(out, 2, key, table[key].type, ids)
    if chance(rng, 0.05):
        out.line(2, f"{pick(rng, ('promt', 'lable', 'satisfies', 'tool_command'))}: x")


def _edge(rng: random.Random, source: str, target: str, ids: list[str], human: bool) -> str:
    parts = [f"{source} -> {target}"]
    roll = rng.random()
    if roll < 0.35:
        parts.append(f"when {condition(rng, ids)}")
    elif roll < 0.45:
        parts.append(f"on {pick(rng, OUTCOMES)}")
    if human or chance(rng, 0.1):
        parts.append(f"label: {quoted(rng, pick(rng, ('Yes', 'No', 'stop', 'Ship it', 'redo')))}")
    if chance(rng, 0.08):
        parts.append(f"choice: {pick(rng, ('stop', 'go', 'replan'))}")
    if chance(rng, 0.08):
        parts.append(f"weight: {integer(rng)}")
    if chance(rng, 0.15):
        parts.append(pick(rng, ("loop", "restart: true", "restart: false")))
    if chance(rng, 0.03):
        parts.append(pick(rng, ("override: true", "bogus: 1", "[label: x]")))
    return pick(rng, ("  ", " ", "   ")).join(parts)


def workflow(rng: random.Random) -> str:
    """One generated ``.dip`` workflow."""
    out = _Writer(rng)
    ids = unique_ids(rng, rng.randint(1, 12))
    kinds = {name: pick(rng, KINDS) for name in ids}
    if chance(rng, 0.25):
        out.lines.append(f"dip {pick(rng, ('1', '2', '2', '3', 'x'))}")
    if chance(rng, 0.2):
        out.lines.append("# generated")
    out.lines.append(f"workflow {ident(rng)}" if chance(rng, 0.97) else "workflow")
    if chance(rng, 0.6):
        out.line(1, f"goal: {quoted(rng, prose(rng, ids))}")
    start = ids[0] if chance(rng, 0.92) else ident(rng)
    end = ids[-1] if chance(rng, 0.92) else ident(rng)
    if chance(rng, 0.97):
        out.line(1, f"start: {start}")
    if chance(rng, 0.97):
        out.line(1, f"exit: {end}")
    if chance(rng, 0.1):
        out.line(1, "requires: git, make")
    if chance(rng, 0.5):
        out.line(1, "defaults")
        for key in rng.sample(sorted(DEFAULTS_FIELDS), rng.randint(1, 5)):
            _field(out, 2, key, DEFAULTS_FIELDS[key].type, ids)
    if chance(rng, 0.25):
        out.line(1, "vars")
        for _ in range(rng.randint(1, 3)):
            out.line(2, f"{pick(rng, CONTEXT_KEYS)}: {prose(rng)}")
    if chance(rng, 0.2):
        out.line(1, "inputs")
        for _ in range(rng.randint(1, 3)):
            out.line(2, f"{pick(rng, CONTEXT_KEYS)}: {pick(rng, (*INPUT_TYPES, 'blob'))}")
            for key in rng.sample(sorted(INPUT_ATTRIBUTES), rng.randint(0, 2)):
                _field(out, 3, key, INPUT_ATTRIBUTES[key].type, ids)
    for name in ids:
        _node(out, name, kinds[name], ids)
    if chance(rng, 0.1):
        out.line(1, "stylesheet:")
        out.block(2, ["*", "  llm_model: m", ".fast", "  llm_provider: openai", f"#{ids[0]}"])
    out.line(1, "edges")
    pairs = list(itertools.pairwise(ids)) if chance(rng, 0.8) else []  # a spine
    pairs += [(pick(rng, ids), pick(rng, ids)) for _ in range(rng.randint(0, len(ids)))]
    for source, target in pairs:
        if chance(rng, 0.04):
            target = target + pick(rng, ("x", "2", "_"))
        human = kinds.get(source) is NodeKind.HUMAN
        out.line(2, _edge(rng, source, target, ids, human))
    if chance(rng, 0.1):
        out.line(2, f"else -> {pick(rng, ids)}")
    return "\n".join(out.lines) + pick(rng, ("\n", "\n", "", "\n\n"))


CHILD = """workflow Child
  start: Work
  exit: Done
  agent Work
    prompt: Do the child's work.
  agent Done
    label: Done
  edges
    Work -> Done
"""

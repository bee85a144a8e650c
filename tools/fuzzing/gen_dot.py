"""Generated DOT pipelines (other-formats.md §1.1, ``grammars/dot.lark``), built from
``dot_schema``'s tables: graph attributes, ``node``/``edge`` defaults, start and exit by shape,
nodes of every handler by shape or ``type`` with the attributes each reads, typed-outputs
declarations, edge chains with conditions in tracker's syntax, clusters, ports, ``+``-joined
strings, HTML labels and all three comment styles."""

from __future__ import annotations

import random

from dipcheck.frontends.dip_schema import ValueType
from dipcheck.frontends.dot_schema import (
    EDGE_ATTRIBUTES,
    GRAPH_ATTRIBUTES,
    NODE_ATTRIBUTES,
    OUTPUT_KINDS,
    SHAPE_HANDLERS,
    TRACKER_TYPES,
    TYPED_NODE_ATTRIBUTES,
)
from fuzzing.values import (
    CONTEXT_KEYS,
    OUTCOMES,
    UNICODE,
    chance,
    condition,
    ident,
    pick,
    prose,
    shell_command,
    unique_ids,
    value_for,
)

DIALECTS = (None, None, "tracker", "attractor", "typed-outputs")
SIMPLE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")
# handler shapes, weighted toward the common ones
SHAPES = (*("box",) * 5, *SHAPE_HANDLERS, "ellipse", "Box", "circle")


def _string(rng: random.Random, text: str) -> str:
    """``text`` as a DOT value: bare when it can be, else quoted (sometimes split with ``+``,
    now and then as HTML)."""
    if text and set(text) <= SIMPLE and not text[0].isdigit() and chance(rng, 0.7):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    roll = rng.random()
    if roll < 0.06 and len(escaped) > 2:
        cut = rng.randrange(1, len(escaped))
        if escaped[cut - 1] != "\\":
            return f'"{escaped[:cut]}" + "{escaped[cut:]}"'
    if roll < 0.09:
        return f"<<b>{text.replace('<', '').replace('>', '')}</b>>"
    if roll < 0.1:
        return f'"{escaped}'  # unterminated
    return f'"{escaped}"'


def _value(rng: random.Random, name: str, kind: ValueType, ids: list[str]) -> str:
    if name == "shape":
        return pick(rng, SHAPES)
    if name == "type":
        return pick(rng, (*TRACKER_TYPES, "script", "probe", "magic"))
    if name == "tool_command":
        return shell_command(rng, ids)
    if name == "outputs":
        items = [f"{pick(rng, CONTEXT_KEYS)}:{pick(rng, OUTPUT_KINDS)}" for _ in range(2)]
        if chance(rng, 0.3):
            items.append("v:choice(a|b)")
        return ",".join(items)
    if name == "facts":
        return ",".join(f"pr.{pick(rng, CONTEXT_KEYS)}" for _ in range(rng.randint(1, 2)))
    if name == "condition":
        return condition(rng, ids)
    if name == "model_stylesheet":
        return "* { llm_model: m; } .fast { llm_provider: openai; } #" + pick(rng, ids or ["X"])
    if kind is ValueType.STRING and chance(rng, 0.4):
        return prose(rng, ids)
    return value_for(rng, kind, ids)


def _attributes(
    rng: random.Random, table: dict, ids: list[str], count: int, first: str = ""
) -> str:
    names = rng.sample(sorted(table), min(len(table), count))
    if first and first not in names:
        names.insert(0, first)
    if chance(rng, 0.05):
        names.append(pick(rng, ("llm_prompt", "bogus_attr", "color", "when", "choice")))
    parts = []
    for name in names:
        kind = table[name].type if name in table else ValueType.STRING
        value = _value(rng, name, kind, ids)
        parts.append(f"{name}={_string(rng, value)}")
    separator = pick(rng, (", ", ",", " ", "; ", ",\n    "))
    return "[" + separator.join(parts) + "]" if parts or chance(rng, 0.5) else ""


def _node_table(rng: random.Random, dialect: str | None) -> dict:
    if dialect == "typed-outputs" or chance(rng, 0.1):
        return {**NODE_ATTRIBUTES, **TYPED_NODE_ATTRIBUTES}
    return NODE_ATTRIBUTES


def _node_id(rng: random.Random, name: str) -> str:
    return name if set(name) <= SIMPLE and not name[0].isdigit() else _string(rng, name)


def _statements(
    rng: random.Random, ids: list[str], dialect: str | None, depth: int, indent: str
) -> list[str]:
    lines: list[str] = []
    table = _node_table(rng, dialect)
    for name in ids:
        first = pick(rng, ("prompt", "prompt", "label", "tool_command", ""))
        attrs = _attributes(rng, table, ids, rng.randint(0, 3), first)
        shape = "" if "shape=" in attrs or chance(rng, 0.3) else f"shape={pick(rng, SHAPES)}, "
        if attrs.startswith("["):
            attrs = "[" + shape + attrs[1:]
        lines.append(f"{indent}{_node_id(rng, name)} {attrs}".rstrip())
    if depth < 3 and chance(rng, 0.15):
        inner = rng.sample(ids, min(len(ids), 2))
        label = f"cluster_{ident(rng)}" if chance(rng, 0.8) else ""
        lines.append(f"{indent}subgraph {label} {{")
        lines += _statements(rng, inner, dialect, depth + 1, indent + "  ")
        lines.append(f"{indent}}}")
    return lines


def _edges(rng: random.Random, ids: list[str], indent: str) -> list[str]:
    lines: list[str] = []
    chains: list[list[str]] = []
    if chance(rng, 0.8):
        chains.append(ids)  # a spine through every node
    for _ in range(rng.randint(0, len(ids))):
        chains.append([pick(rng, ids) for _ in range(rng.randint(2, 3))])
    for chain in chains:
        ends = [_node_id(rng, name) for name in chain]
        if chance(rng, 0.05) and len(ends) > 1:
            ends[-1] = "{" + " ".join(ends[1:]) + "}"
            ends = ends[:1] + ends[-1:]
        if chance(rng, 0.03):
            ends[0] += pick(rng, (":n", ":out:s", ":p"))
        arrow = " -> " if chance(rng, 0.97) else " -- "
        attrs = ""
        if chance(rng, 0.5):
            table = {name: EDGE_ATTRIBUTES[name] for name in EDGE_ATTRIBUTES}
            attrs = " " + _attributes(rng, table, ids, rng.randint(1, 3))
            if chance(rng, 0.4):
                outcome = pick(rng, OUTCOMES)
                attrs = f' [condition="outcome={outcome}"]' if not attrs.strip() else attrs
        lines.append(indent + arrow.join(ends) + attrs + pick(rng, ("", "", ";")))
    return lines


def pipeline(rng: random.Random) -> tuple[str, str | None]:
    """One generated DOT pipeline and the dialect to read it as (None: tracker's default)."""
    dialect = pick(rng, DIALECTS)
    ids = unique_ids(rng, rng.randint(1, 10))
    start, end = pick(rng, ("Start", "start", "S")), pick(rng, ("Exit", "exit", "Done", "E"))
    lines: list[str] = []
    if chance(rng, 0.2):
        lines.append(pick(rng, ("// generated", "/* generated */", "# generated")))
    keyword = pick(rng, ("digraph", "digraph", "digraph", "strict digraph", "graph", "DiGraph"))
    name = ident(rng) if chance(rng, 0.9) else _string(rng, pick(rng, UNICODE))
    lines.append(f"{keyword} {name} {{")
    if chance(rng, 0.8):
        lines.append("  graph " + _attributes(rng, GRAPH_ATTRIBUTES, ids, rng.randint(1, 4)))
    if chance(rng, 0.2):
        lines.append(f'  goal = "{prose(rng, ids)}"')
    if chance(rng, 0.5):
        lines.append("  node " + _attributes(rng, _node_table(rng, dialect), ids, 2))
    if chance(rng, 0.2):
        lines.append("  edge " + _attributes(rng, EDGE_ATTRIBUTES, ids, 1))
    lines.append(f"  {start} [shape=Mdiamond]")
    lines.append(f"  {end} [shape=Msquare]")
    lines += _statements(rng, ids, dialect, 0, "  ")
    lines += _edges(rng, [start, *ids, end], "  ")
    if chance(rng, 0.05):
        lines.append("  // trailing comment")
    lines.append("}")
    if chance(rng, 0.02):
        lines.append("digraph Second { a -> b }")
    return "\n".join(lines) + "\n", dialect

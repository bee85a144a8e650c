"""``${ns.key}`` and ``$name`` expansion against a simulated context (docs/runtime/expansion.md).

tracker expands in one pass and turns every miss into an empty string, silently. The simulator
does the same for conditions (the whole condition text is expanded before it is evaluated,
§5.2); for the text a node receives (``--verbose``) a miss is shown as ``⟨unresolved ${…}⟩``
so the reader sees what the runtime would silently drop.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from dipcheck.references import placeholders

UNRESOLVED = "⟨unresolved {}⟩"
_GRAPH_VARIABLE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_.]*)")


def lookup(inner: str, context: Mapping[str, str], graph: Mapping[str, str]) -> str | None:
    """The value of ``${inner}``; None when tracker finds nothing (it then writes ``""``)."""
    namespace, dot, key = inner.partition(".")
    if not dot or not key:
        return None
    if namespace == "ctx":
        return context.get(key)
    if namespace == "params":
        return graph.get(f"params.{key}")
    if namespace == "graph":
        return graph.get(key)
    if namespace == "inputs":
        return context.get(f"inputs.{key}")
    return None


def expand(
    text: str,
    context: Mapping[str, str],
    graph: Mapping[str, str],
    *,
    mark_unresolved: bool = False,
) -> str:
    """``text`` with every ``${…}`` replaced the way tracker's lenient expander does."""
    if "${" not in text:
        return text
    out: list[str] = []
    position = 0
    for item in placeholders(text):
        out.append(text[position : item.start])
        inner = item.inner
        if "." not in inner:  # `${}` and `${nodot}` stay literal text
            out.append(text[item.start : item.end])
        else:
            value = lookup(inner, context, graph)
            if value is None:
                out.append(
                    UNRESOLVED.format(text[item.start : item.end]) if mark_unresolved else ""
                )
            else:
                out.append(value)
        position = item.end
    out.append(text[position:])
    return "".join(out)


def expand_graph_variables(text: str, graph: Mapping[str, str]) -> str:
    """The ``$name`` pass (docs/runtime/tools.md#graph-variables-in-commands): ``$goal``,
    ``$params.x`` … by the longest graph attribute
    name the text after ``$`` starts with; single pass."""
    if "$" not in text:
        return text
    names = sorted(graph, key=len, reverse=True)

    def replace(match: re.Match[str]) -> str:
        if match.start() + 1 < len(text) and text[match.start() + 1] == "{":
            return match.group(0)
        candidate = match.group(1)
        for name in names:
            if candidate.startswith(name):
                return graph[name] + candidate[len(name) :]
        return match.group(0)

    return _GRAPH_VARIABLE.sub(replace, text)

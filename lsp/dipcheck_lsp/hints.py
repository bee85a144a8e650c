"""Inlay hints: after each read of a context key in a ``.dip`` workflow (``${ctx.K}``, a
condition operand, a ``reads:`` entry), whether K is written on every path to the read, on
some paths, never, or maybe (a subgraph or manager loop upstream may write anything).

The answer is :class:`~dipcheck.analysis.dataflow.ContextFlow`'s, the same the flow rules
(DC101-DC104) and the hover use: ``opaque_reach``, ``may_reach``, ``always_available``. Built-in
keys (``outcome`` …, always there), node-scoped reads (``${ctx.node.ID.k}``) and reads in nodes
the run never reaches get no hint.
"""

from __future__ import annotations

from enum import StrEnum

from lsprotocol import types

from dipcheck.analysis import runtime
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.model import Reference
from dipcheck_lsp.convert import Positions
from dipcheck_lsp.index import Index, Kind, Role


class Written(StrEnum):
    """Is a key written before it is read? (The values are the hints' labels.)"""

    EVERY = "every path"
    SOME = "some paths"
    NEVER = "never"
    MAYBE = "maybe"


def written(flow: ContextFlow, key: str, owner: str, after: bool) -> Written | None:
    """How ``key`` reaches a read in ``owner`` (``after``: evaluated once ``owner`` ran, as an
    edge condition is); None when the run never reaches ``owner``."""
    if owner not in flow.reachable:
        return None
    if owner in flow.opaque_reach:
        return Written.MAYBE
    if not flow.may_reach(key, owner, after):
        return Written.NEVER
    if flow.always_available(key, owner, after):
        return Written.EVERY
    return Written.SOME


def sentence(flow: ContextFlow, key: str, owner: str, after: bool) -> str:
    """:func:`written` as a sentence (Markdown), with a path that misses the key."""
    moment = f"after `{owner}` ran" if after else f"at `{owner}`"
    found = written(flow, key, owner, after)
    if found is None:
        return f"`{owner}` cannot be reached from the start, so it never reads it."
    if found is Written.MAYBE:
        return f"Available {moment}: maybe (a subgraph or manager loop upstream may write it)."
    if found is Written.NEVER:
        return f"Not available {moment}: no producer reaches it."
    if found is Written.EVERY:
        return f"Available {moment} on every path."
    witness = flow.witness(key, owner, after)
    path = f" — e.g. {witness.render()}" if witness is not None else ""
    return f"Not available {moment} on every path{path}."


def inlay_hints(
    index: Index, flow: ContextFlow, positions: Positions, first: int, last: int
) -> list[types.InlayHint]:
    """Hints for the reads whose text ends between offsets ``first`` and ``last``."""
    workflow = index.workflow
    if workflow is None or workflow.format not in ("dip", "dot"):
        return []
    found: list[types.InlayHint] = []
    for item in index.occurrences:
        ref = item.detail
        if (
            item.kind is not Kind.KEY
            or item.role is not Role.REFERENCE
            or item.scope is not None
            or item.owner is None
            or not isinstance(ref, Reference)
            or ref.span.source is not index.source
            or not first <= ref.span.end <= last
            or ref.attribute == "label"  # not a read: the flow rules skip it too
            or runtime.is_ambient(item.name)
        ):
            continue
        state = written(flow, item.name, item.owner, item.after)
        if state is None:
            continue
        tooltip = f"`{item.name}`: " + sentence(flow, item.name, item.owner, item.after)
        found.append(
            types.InlayHint(
                position=positions.position(ref.span.end),
                label=state.value,
                padding_left=True,
                tooltip=types.MarkupContent(kind=types.MarkupKind.Markdown, value=tooltip),
            )
        )
    found.sort(key=lambda hint: (hint.position.line, hint.position.character))
    return found

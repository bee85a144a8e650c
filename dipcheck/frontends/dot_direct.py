"""Lowering a DOT file straight from its tokens, without a parse tree, when it holds only the
common statement shapes.

Most workflow files are one ``digraph`` of node statements, edge chains between node names,
``k=v`` assignments, ``graph``/``node``/``edge`` defaults and subgraphs, each with optional
attribute lists and ``;``. :func:`lower_tokens` reads exactly those shapes by hand and hands
each statement to :class:`~dipcheck.frontends.dot_walk.GraphWalk` as the tree walk would, in
the same order. Anything else (a syntax error, a port, a subgraph as an edge end, a second
graph, a stray token) makes it give up, and the caller parses the file with the LALR parser
and walks the tree instead. The shapes read here are a part of ``grammars/dot.lark``, which is
LALR(1): each decision below is the one the parser takes on the same next token, so a file
read here has no syntax error and the statements the tree would hold.
"""

from __future__ import annotations

from dipcheck.frontends.dot_walk import AttrPair, GraphWalk, Scope
from dipcheck.lalr import Token, new_token
from dipcheck.source import Span, new_span

_IDS = frozenset({"ID", "STRING", "HTML"})
_OPS = frozenset({"ARROW", "UNDIRECTED"})
_DEFAULTS = frozenset({"GRAPH", "NODE", "EDGE"})
_END = new_token("$END", "", -1, -1)


class _Unsupported(Exception):
    """The file holds a shape this reader leaves to the parser."""


class _Reader:
    def __init__(self, walk: GraphWalk, tokens: list[Token]) -> None:
        self.walk = walk
        self.count = len(tokens)
        # two end marks: no statement shape reads more than two tokens ahead
        self.tokens = [*tokens, _END, _END]

    def graph(self) -> None:
        """The whole file: one graph and nothing after it."""
        tokens = self.tokens
        index = 1 if tokens[0].type == "STRICT" else 0
        keyword = tokens[index]
        if keyword.type != "GRAPH" and keyword.type != "DIGRAPH":
            raise _Unsupported
        header = tokens[: index + 1]
        index += 1
        name = tokens[index] if tokens[index].type in _IDS else None
        if name is not None:
            index += 1
        if tokens[index].type != "LBRACE":
            raise _Unsupported
        scope = self.walk.open_graph(header, name or keyword, name)
        if self.block(index + 1, scope, True) != self.count:
            raise _Unsupported

    def block(self, index: int, scope: Scope, top: bool) -> int:
        """The statements from ``index`` to the closing ``}``; returns the index after it."""
        tokens = self.tokens
        walk = self.walk
        while True:
            token = tokens[index]
            kind = token.type
            if kind == "RBRACE":
                return index + 1
            if kind in _IDS:
                following = tokens[index + 1].type
                if following == "EQUAL":
                    value = tokens[index + 2]
                    if value.type not in _IDS:
                        raise _Unsupported
                    walk.assignment(token, value, scope, top)
                    index += 3
                elif following in _OPS:
                    index = self.edge(index, scope)
                elif following == "LSQB":
                    pairs, index = self.attr_list(index + 1)
                    walk.node_stmt(token, pairs, tokens[index - 1].end_pos, scope)
                elif following == "COLON":
                    raise _Unsupported  # a port
                else:
                    walk.node_stmt(token, [], token.end_pos, scope)
                    index += 1
            elif kind in _DEFAULTS:
                if tokens[index + 1].type != "LSQB":
                    raise _Unsupported
                pairs, index = self.attr_list(index + 1)
                walk.attr_stmt(token, pairs, scope, top)
            elif kind == "LBRACE" or kind == "SUBGRAPH":
                if kind == "SUBGRAPH":
                    index += 1
                    if tokens[index].type in _IDS:
                        index += 1
                    if tokens[index].type != "LBRACE":
                        raise _Unsupported
                inner = walk.open_subgraph(scope)
                index = self.block(index + 1, inner, False)
                walk.close_subgraph(inner)
                if tokens[index].type in _OPS:
                    raise _Unsupported  # a subgraph as an edge end
            else:
                raise _Unsupported
            if tokens[index].type == "SEMI":
                index += 1

    def edge(self, index: int, scope: Scope) -> int:
        """An edge chain between node names from ``index``; returns the index after it."""
        tokens = self.tokens
        first = tokens[index]
        ends = [first]
        ops: list[Token] = []
        index += 1
        while tokens[index].type in _OPS:
            ops.append(tokens[index])
            end = tokens[index + 1]
            if end.type not in _IDS:
                raise _Unsupported
            ends.append(end)
            index += 2
        following = tokens[index].type
        if following == "COLON":
            raise _Unsupported
        pairs: list[AttrPair] = []
        if following == "LSQB":
            pairs, index = self.attr_list(index)
        last = tokens[index - 1]
        source = self.walk.source

        def where() -> Span:
            return new_span(Span, (source, first.start_pos, last.end_pos))

        self.walk.edge_stmt(ends, ops, pairs, where, scope)
        return index

    def attr_list(self, index: int) -> tuple[list[AttrPair], int]:
        """The ``[…]`` blocks from ``index`` (a ``[``): their (key, value) tokens and the
        index after the last ``]``."""
        tokens = self.tokens
        pairs: list[AttrPair] = []
        append = pairs.append
        while tokens[index].type == "LSQB":
            index += 1
            while True:
                key = tokens[index]
                kind = key.type
                if kind == "RSQB":
                    index += 1
                    break
                if kind not in _IDS:
                    raise _Unsupported
                if tokens[index + 1].type == "EQUAL":
                    value = tokens[index + 2]
                    if value.type not in _IDS:
                        raise _Unsupported
                    append((key, value))
                    index += 3
                else:
                    append((key, None))
                    index += 1
                separator = tokens[index]
                kind = separator.type
                if kind == "COMMA" or kind == "SEMI":
                    index += 1
                    closing = tokens[index].type == "RSQB"
                    if closing or kind == "SEMI":
                        self.walk.list_separator(separator, closing)
        return pairs, index


def lower_tokens(walk: GraphWalk, tokens: list[Token]) -> bool:
    """Walk the file's statements into ``walk`` straight from ``tokens``; False when the file
    holds a shape left to the parser (``walk`` is then half done: start again with a new
    one)."""
    try:
        _Reader(walk, tokens).graph()
    except _Unsupported:
        return False
    return True

"""A recursive-descent reader of ``grammars/dip.lark`` for token streams that parse.

It builds the tree the LALR tables build for the same tokens (the same rule names and
aliases, the same kept tokens, the same inlined and collapsed rules), reading each rule's
tokens by their kinds instead of driving the tables a token at a time: a file of 10,000 nodes
has some 250,000 tokens. At the first token the grammar does not allow it gives up (None), and
the caller parses with the tables, which find and report the error and recover.
"""

from __future__ import annotations

from dipcheck.lalr import Token, Tree

_SECTIONS = frozenset({"DEFAULTS", "VARS", "INPUTS"})
_NODES = {"KIND": "simple_node", "PARALLEL": "parallel_node", "FAN_IN": "fan_in_node"}
_MEMBER_ARROW = {"PARALLEL": "ARROW", "FAN_IN": "LARROW"}
_VALUE_KINDS = frozenset({"VALUE", "RAW"})


class _Mismatch(Exception):
    """The tokens are not a sentence of the grammar: the tables take over."""


class _Reader:
    __slots__ = ("kinds", "position", "tokens")

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.kinds = [token.type for token in tokens]
        self.kinds.append("$END")
        self.position = 0

    def expect(self, kind: str) -> None:
        if self.kinds[self.position] != kind:
            raise _Mismatch
        self.position += 1

    # start: version? top*
    def start(self) -> Tree:
        kinds, tokens = self.kinds, self.tokens
        children: list[Tree | Token] = []
        if kinds[0] == "DIP":  # version: DIP NAME _NL
            if kinds[1] != "NAME" or kinds[2] != "_NL":
                raise _Mismatch
            children.append(Tree("version", [tokens[0], tokens[1]]))
            self.position = 3
        while True:
            kind = kinds[self.position]
            if kind == "WORKFLOW":
                children.append(self.workflow())
            elif kind == "STRAY":  # stray: STRAY _NL
                at = self.position
                if kinds[at + 1] != "_NL":
                    raise _Mismatch
                children.append(Tree("stray", [tokens[at]]))
                self.position = at + 2
            elif kind == "$END":
                return Tree("start", children)
            else:
                raise _Mismatch

    # workflow: WORKFLOW NAME? _NL (_INDENT body_item* _DEDENT)?
    def workflow(self) -> Tree:
        kinds, tokens = self.kinds, self.tokens
        at = self.position
        children: list[Tree | Token] = [tokens[at]]
        at += 1
        if kinds[at] == "NAME":
            children.append(tokens[at])
            at += 1
        if kinds[at] != "_NL":
            raise _Mismatch
        at += 1
        self.position = at
        if kinds[at] == "_INDENT":
            self.position = at + 1
            while True:
                kind = kinds[self.position]
                if kind == "KEY":
                    children.append(self.field())
                elif kind == "_DEDENT":
                    self.position += 1
                    break
                elif kind in _NODES:
                    children.append(self.node(kind))
                elif kind == "EDGES":
                    children.append(self.edges())
                elif kind in _SECTIONS:
                    # section: (DEFAULTS | VARS | INPUTS) _NL block?
                    keyword = tokens[self.position]
                    self.position += 1
                    self.expect("_NL")
                    section: list[Tree | Token] = [keyword]
                    if kinds[self.position] == "_INDENT":
                        section.append(self.block())
                    children.append(Tree("section", section))
                else:
                    raise _Mismatch
        return Tree("workflow", children)

    # block: _INDENT field* _DEDENT
    def block(self) -> Tree:
        kinds = self.kinds
        self.position += 1  # (the caller saw the _INDENT)
        fields: list[Tree | Token] = []
        while kinds[self.position] == "KEY":
            fields.append(self.field())
        self.expect("_DEDENT")
        return Tree("block", fields)

    # field: KEY (VALUE | RAW)? _NL block?
    def field(self) -> Tree:
        kinds, tokens = self.kinds, self.tokens
        at = self.position
        children: list[Tree | Token] = [tokens[at]]
        at += 1
        if kinds[at] in _VALUE_KINDS:
            children.append(tokens[at])
            at += 1
        if kinds[at] != "_NL":
            raise _Mismatch
        self.position = at + 1
        if kinds[at + 1] == "_INDENT":
            children.append(self.block())
        return Tree("field", children)

    # node: KIND NAME _NL block? | PARALLEL NAME (ARROW member_list)? _NL block?
    #     | FAN_IN NAME (LARROW member_list)? _NL block?
    def node(self, kind: str) -> Tree:
        kinds, tokens = self.kinds, self.tokens
        at = self.position
        if kinds[at + 1] != "NAME":
            raise _Mismatch
        children: list[Tree | Token] = [tokens[at], tokens[at + 1]]
        at += 2
        if kind != "KIND" and kinds[at] == _MEMBER_ARROW[kind]:
            # member_list: NAME (COMMA NAME)*
            children.append(tokens[at])
            at += 1
            if kinds[at] != "NAME":
                raise _Mismatch
            first = at
            at += 1
            while kinds[at] == "COMMA":
                if kinds[at + 1] != "NAME":
                    raise _Mismatch
                at += 2
            children.append(Tree("member_list", tokens[first:at]))
        if kinds[at] != "_NL":
            raise _Mismatch
        self.position = at + 1
        if kinds[at + 1] == "_INDENT":
            children.append(self.block())
        return Tree(_NODES[kind], children)

    # edges: EDGES _NL (_INDENT edge* _DEDENT)?
    def edges(self) -> Tree:
        kinds, tokens = self.kinds, self.tokens
        at = self.position
        children: list[Tree | Token] = [tokens[at]]
        if kinds[at + 1] != "_NL":
            raise _Mismatch
        at += 2
        if kinds[at] == "_INDENT":
            at += 1
            while True:
                kind = kinds[at]
                if kind == "NAME":
                    at = self.edge(at, children)
                elif kind == "_DEDENT":
                    at += 1
                    break
                elif kind == "ELSE":  # else_edge: ELSE ARROW NAME _NL
                    if kinds[at + 1] != "ARROW" or kinds[at + 2] != "NAME":
                        raise _Mismatch
                    if kinds[at + 3] != "_NL":
                        raise _Mismatch
                    children.append(Tree("else_edge", tokens[at : at + 3]))
                    at += 4
                else:
                    raise _Mismatch
        self.position = at
        return Tree("edges", children)

    # edge: NAME ARROW NAME edge_attr* _NL
    def edge(self, at: int, into: list[Tree | Token]) -> int:
        kinds, tokens = self.kinds, self.tokens
        if kinds[at + 1] != "ARROW" or kinds[at + 2] != "NAME":
            raise _Mismatch
        children: list[Tree | Token] = tokens[at : at + 3]
        at += 3
        while True:
            kind = kinds[at]
            if kind == "_NL":
                into.append(Tree("edge", children))
                return at + 1
            if kind == "WHEN":  # when_attr: WHEN COND?
                if kinds[at + 1] == "COND":
                    children.append(Tree("when_attr", tokens[at : at + 2]))
                    at += 2
                else:
                    children.append(Tree("when_attr", [tokens[at]]))
                    at += 1
            elif kind == "ON":  # on_attr: ON NAME
                if kinds[at + 1] != "NAME":
                    raise _Mismatch
                children.append(Tree("on_attr", tokens[at : at + 2]))
                at += 2
            elif kind == "LOOP":  # loop_attr: LOOP
                children.append(Tree("loop_attr", [tokens[at]]))
                at += 1
            elif kind == "ATTR":  # value_attr: ATTR COLON (NAME | STRING)+
                first = at
                if kinds[at + 1] != "COLON" or kinds[at + 2] not in ("NAME", "STRING"):
                    raise _Mismatch
                at += 3
                while kinds[at] in ("NAME", "STRING"):
                    at += 1
                children.append(Tree("value_attr", tokens[first:at]))
            else:
                raise _Mismatch


def read_tree(tokens: list[Token]) -> Tree | None:
    """The tree of ``tokens`` (a whole file's, without ``$END``), or None when they do not
    parse."""
    try:
        return _Reader(tokens).start()
    except (_Mismatch, IndexError):
        return None

"""Drives the LALR parser for ``grammars/dip.lark`` over the pre-lexer's line groups.

A file without errors is parsed in one pass. When a line does not parse, the parser state
from before that line is restored, the line (and the indented block under it) is skipped and
parsing continues, so every syntax error in the file is reported and the rest still yields a
tree.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter

from dipcheck.frontends.dip_descent import read_tree
from dipcheck.frontends.dip_lexer import EDGE_ATTRIBUTES, SECTION_KEYWORDS, LexResult, LineGroup
from dipcheck.frontends.dip_schema import ALL_FIELD_NAMES
from dipcheck.grammar import Checkpoint, ProblemLog, SyntaxProblem, load_tables
from dipcheck.lalr import ParserState, Token, Tree, UnexpectedToken
from dipcheck.source import SourceText, Span, line_span
from dipcheck.suggest import closest

_DESCRIPTIONS = {
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "KEY": "a field (`key: value`)",
    "COLON": "`:`",
    "VALUE": "a value",
    "RAW": "an indented block",
    "WORKFLOW": "`workflow`",
    "DEFAULTS": "`defaults`",
    "VARS": "`vars`",
    "INPUTS": "`inputs`",
    "EDGES": "`edges`",
    "PARALLEL": "`parallel`",
    "FAN_IN": "`fan_in`",
    "KIND": "a node declaration (`agent`, `tool`, `human`, …)",
    "ELSE": "`else`",
    "DIP": "`dip`",
    "NAME": "a name",
    "STRING": "a quoted string",
    "COMMA": "`,`",
    "ARROW": "`->`",
    "LARROW": "`<-`",
    "WHEN": "`when`",
    "COND": "a condition",
    "ON": "`on`",
    "LOOP": "`loop`",
    "ATTR": "an edge attribute (`label:`, `weight:` …)",
    "STRAY": "text",
    "$END": "the end of the file",
}
_DECLARATIONS = (
    *SECTION_KEYWORDS,
    "agent",
    "human",
    "tool",
    "subgraph",
    "conditional",
    "manager_loop",
)


def _describe(token: Token) -> str:
    if token.type in ("_NL", "$END", "_INDENT", "_DEDENT"):
        return _DESCRIPTIONS[token.type]
    return f"`{token}`"


def _expected(names: set[str]) -> str:
    wanted = sorted({_DESCRIPTIONS.get(name, name) for name in names if not name.startswith("__")})
    if not wanted:
        return ""
    if len(wanted) > 4:
        wanted = [*wanted[:4], "…"]
    return "expected " + ", ".join(wanted)


_PARTS = attrgetter("structure", "content")


def group_tokens(groups: list[LineGroup]) -> list[Token]:
    """Every group's structure and content tokens, in order: flattened in C, without a Python
    step per line (a 10,000-node file has some 50,000 groups)."""
    return list(chain.from_iterable(chain.from_iterable(map(_PARTS, groups))))


def _feed_groups(state: ParserState, groups: list[LineGroup], start: int, stop: int) -> int:
    """Feed ``groups[start:stop]`` (structure, then content) to ``state``; the index of the
    first group that does not parse (the state is then spent), or ``stop``."""
    feed = state.feed_all
    for index in range(start, stop):
        group = groups[index]
        if not (feed(group.structure) and feed(group.content)):
            return index
    return stop


class _Driver:
    def __init__(self, source: SourceText, lexed: LexResult) -> None:
        self.source = source
        self.groups = lexed.groups
        self.log = ProblemLog()

    def run(self) -> Tree | None:
        """Read the tokens by recursive descent; if they do not parse, feed them to the LALR
        tables in one pass (the descent gives up early on some sentences the tables take), and
        if that fails too, parse again line by line with recovery."""
        tokens = group_tokens(self.groups)
        tree = read_tree(tokens)
        if tree is not None:
            return tree
        tables = load_tables("dip.lark")
        state = ParserState(tables)
        if state.feed_all(tokens):
            try:
                return state.feed_token(Token("$END", "", len(self.source.text)), True)
            except UnexpectedToken:
                pass
        return self._recover(ParserState(tables))

    def _recover(self, state: ParserState) -> Tree | None:
        """Parse the groups one at a time, each from a checkpoint to go back to when it does
        not parse (then it is reported and skipped, with the block under it). Between errors
        the groups are fed in runs instead, from one checkpoint per run: a run that parses
        doubles the next one, one that fails is fed again up to the group that failed, which
        is then taken alone. A broken line in a file of 350 groups took 700 checkpoints, most
        of its recovery; the groups fed again are at most those since the last error."""
        depth = 0
        skip_child = False
        groups = self.groups
        index, total = 0, len(groups)
        run = 1
        while index < total:
            if not depth and not skip_child:
                stop = min(index + run, total)
                mark = Checkpoint(state)
                failed = _feed_groups(state, groups, index, stop)
                if failed == stop:
                    index = stop
                    run *= 2
                    continue
                state = mark.restore()
                _feed_groups(state, groups, index, failed)  # (they parsed: they parse again)
                index = failed
                run = 1
            group = groups[index]
            index += 1
            structure = group.structure
            if skip_child:
                skip_child = False
                if structure and structure[0].type == "_INDENT":
                    depth, structure = 1, structure[1:]
            if depth:
                structure, depth = self._consume_skipped(structure, depth)
                if depth:
                    continue
            before = Checkpoint(state)
            try:
                for token in structure:
                    state.feed_token(token)
            except UnexpectedToken:
                state = before.restore()
                self._unexpected_indent(group)
                depth = self._skip_from(structure)
                continue
            after_structure = Checkpoint(state)
            try:
                for token in group.content:
                    state.feed_token(token)
            except UnexpectedToken as error:
                state = after_structure.restore()
                self._line_error(group, error)
                skip_child = True
        try:
            return state.feed_token(Token("$END", "", len(self.source.text)), True)
        except UnexpectedToken as error:
            end = len(self.source.text.rstrip())  # (just after the last text: a line it has)
            self.log.record(
                Span(self.source, end, end), "unexpected end of file: " + _expected(error.expected)
            )
            return None

    @staticmethod
    def _skip_from(structure: list[Token]) -> int:
        depth = 0
        for token in structure:
            if token.type == "_INDENT":
                depth += 1
            elif token.type == "_DEDENT":
                depth = max(depth - 1, 0)
        return max(depth, 1)

    @staticmethod
    def _consume_skipped(structure: list[Token], depth: int) -> tuple[list[Token], int]:
        """Drop the structure tokens that belong to a skipped block; return the rest."""
        for position, token in enumerate(structure):
            if token.type == "_INDENT":
                depth += 1
            elif token.type == "_DEDENT":
                depth -= 1
                if depth == 0:
                    return structure[position + 1 :], 0
        return [], depth

    def _unexpected_indent(self, group: LineGroup) -> None:
        first = group.content[0] if group.content else None
        if first is None:
            return
        line = self.source.line_of(first.start_pos or 0)
        span = line_span(self.source, line)
        self.log.record(
            span,
            "unexpected indentation: this line is indented deeper than the line above, which "
            "does not open a block (only declarations, sections and `key:` lines do)",
        )

    def _line_error(self, group: LineGroup, error: UnexpectedToken) -> None:
        token: Token = error.token
        content = group.content
        first = content[0]
        line = self.source.line_of(first.start_pos or 0)
        message = self._message(token, content, set(error.expected))
        if token.type in ("_NL", "$END"):
            position = content.index(token) if token in content else len(content) - 1
            previous = content[position - 1] if position > 0 else first
            span = Span(self.source, previous.start_pos or 0, previous.end_pos or 0)
        elif token.type == "STRAY":
            span = Span(self.source, token.start_pos or 0, token.end_pos or 0)
        else:
            span = Span(self.source, token.start_pos or 0, token.end_pos or 0)
        if span.start == span.end:
            span = line_span(self.source, line)
        self.log.record(span, message)

    def _message(self, token: Token, content: list[Token], expected: set[str]) -> str:
        first = content[0]
        if token is first and token.type == "NAME":
            suggestion = closest(str(token), _DECLARATIONS)
            if str(token) in ALL_FIELD_NAMES:
                return f"`{token}` needs a colon: `{token}: …`"
            if len(content) > 1 and content[1].type in ("STRING", "NAME"):
                hint = (
                    f" (did you mean `{suggestion}`?)"
                    if suggestion
                    else f"; a field needs a colon: `{token}: …`"
                )
                return f"`{token}` is not a declaration or a field here{hint}"
            if suggestion:
                return f"unknown declaration `{token}` (did you mean `{suggestion}`?)"
            return f"unexpected `{token}`: {_expected(expected)}"
        if token is first and token.type == "KEY":
            return (
                f"`{token}:` is not allowed here: {_expected(expected)}"
                if expected
                else f"`{token}:` is not allowed here"
            )
        if token.type == "OTHER" and str(token) == "[":
            return (
                "bracket syntax `[label: …]` is not supported: write edge attributes after the "
                'target, e.g. `A -> B label: "go"`'
            )
        if token.type == "OTHER" and str(token) == ">" and content.index(token) > 0:
            previous = content[content.index(token) - 1]
            if str(previous).endswith("-"):
                return (
                    f"`{previous}>` is read as the name `{previous}` followed by `>`: put "
                    "spaces around `->`"
                )
        if token.type == "NAME" and "ATTR" in expected and str(token) in EDGE_ATTRIBUTES:
            return f"edge attribute `{token}` needs a colon: `{token}: …`"
        if token.type == "_NL":
            return f"the line ends too early: {_expected(expected)}"
        if token.type == "STRAY":
            return f"unexpected text: {_expected(expected)}"
        return f"unexpected {_describe(token)}: {_expected(expected)}"


def parse_groups(source: SourceText, lexed: LexResult) -> tuple[Tree | None, list[SyntaxProblem]]:
    driver = _Driver(source, lexed)
    tree = driver.run()
    return tree, driver.log.problems

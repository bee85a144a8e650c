"""Drives the LALR parser for ``grammars/dot.lark`` over the DOT lexer's tokens.

A file without errors is parsed in one pass. Otherwise the tokens are fed again with
recovery: the parser state is saved where a statement may start (outside any `[…]`, after a
`;`, a bracket or brace, or at the start of a line that does not continue an edge or an
assignment); at a syntax error the problem is recorded, the state from before the broken
statement is restored, and parsing resumes at the next such place after the error. Every
error is reported and the rest of the file still yields a tree.
"""

from __future__ import annotations

from dipcheck.grammar import Checkpoint, ProblemLog, SyntaxProblem, load_tables
from dipcheck.lalr import ParserState, Token, Tree, UnexpectedToken
from dipcheck.source import SourceText, Span

_DESCRIPTIONS = {
    "STRICT": "`strict`",
    "GRAPH": "`graph`",
    "DIGRAPH": "`digraph`",
    "NODE": "`node`",
    "EDGE": "`edge`",
    "SUBGRAPH": "`subgraph`",
    "ID": "a name or value",
    "STRING": "a quoted string",
    "HTML": "an HTML string",
    "LBRACE": "`{`",
    "RBRACE": "`}`",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "EQUAL": "`=`",
    "SEMI": "`;`",
    "COMMA": "`,`",
    "COLON": "`:`",
    "ARROW": "`->`",
    "UNDIRECTED": "`--`",
    "$END": "the end of the file",
}
_OPENERS = {"LSQB": "RSQB", "LBRACE": "RBRACE"}
# a token after one of these continues the statement; after one of _ENDING a new one may start
_CONTINUING = frozenset({"ARROW", "UNDIRECTED", "EQUAL", "COLON", "STRICT", "GRAPH", "DIGRAPH"})
_ENDING = frozenset({"SEMI", "LBRACE", "RBRACE", "RSQB"})


def _expected(names: set[str]) -> str:
    wanted = sorted({_DESCRIPTIONS.get(name, name) for name in names if not name.startswith("_")})
    if not wanted:
        return ""
    if len(wanted) > 5:
        wanted = [*wanted[:5], "…"]
    return "expected " + ", ".join(wanted)


class _Driver:
    def __init__(self, source: SourceText, tokens: list[Token]) -> None:
        self.source = source
        self.tokens = tokens
        self.log = ProblemLog()
        self.end = Token("$END", "", start_pos=len(source.text), end_pos=len(source.text))

    def run(self) -> Tree | None:
        tables = load_tables("dot.lark")
        state = ParserState(tables)
        if state.feed_all(self.tokens):
            try:
                return state.feed_token(self.end, True)
            except UnexpectedToken:
                pass
        return self.recover(ParserState(tables))

    def first_on_line(self, index: int) -> bool:
        if index == 0:
            return True
        # a line break between the two tokens (the line table counts `\n` only)
        start = self.tokens[index - 1].end_pos or 0
        return self.source.text.find("\n", start, self.tokens[index].start_pos or 0) >= 0

    def statement_starts(self) -> set[int]:
        """Token indices where a statement may begin (outside attribute lists)."""
        starts: set[int] = set()
        depth = 0
        for index, token in enumerate(self.tokens):
            previous = self.tokens[index - 1].type if index else "LBRACE"
            if token.type in ("LBRACE", "RBRACE"):
                depth = 0  # an unclosed `[` ends where a block opens or closes
            starting = previous in _ENDING or self.first_on_line(index)
            if depth == 0 and previous not in _CONTINUING and starting:
                starts.add(index)
            if token.type == "LSQB":
                depth += 1
            elif token.type == "RSQB":
                depth = max(depth - 1, 0)
        return starts

    def following(self, starts: set[int]) -> dict[int, int]:
        """For each statement start, the next one (or the end of the tokens)."""
        ordered = sorted(starts)
        return dict(zip(ordered, [*ordered[1:], len(self.tokens)], strict=False))

    def recover(self, state: ParserState) -> Tree | None:
        starts = self.statement_starts()
        saved = Checkpoint(state)
        saved_at = 0
        index = 0
        tokens = self.tokens
        following = self.following(starts)
        while index < len(tokens):
            token = tokens[index]
            if index in starts:
                saved, saved_at = Checkpoint(state), index
                # the statement in one loop; only a statement that fails is fed again token
                # by token, from its start, for the error the table gives
                stop = following[index]
                if state.feed_all(tokens[index:stop]):
                    index = stop
                    continue
                state = saved.restore()
            try:
                state.feed_token(token)
            except UnexpectedToken as error:
                self.report(error, saved_at, index)
                first = index if index > saved_at else index + 1  # always make progress
                index = next(
                    (
                        later
                        for later in range(first, len(tokens))
                        if later in starts and saved.accepts(tokens[later].type)
                    ),
                    len(tokens),
                )
                state = saved.restore()
                continue
            index += 1
        return self.finish(state, saved)

    def finish(self, state: ParserState, saved: Checkpoint) -> Tree | None:
        """Feed the end of the file, closing what is still open (after reporting it)."""
        reported = False
        for attempt in range(2):  # the state reached, then the last statement start's
            candidate = state if attempt == 0 else saved.restore()
            for _ in range(len(candidate.state_stack) + 2):
                try:
                    if candidate.accepts("$END"):
                        return candidate.feed_token(self.end, True)
                    if not reported:
                        reported = True
                        self.report_end(candidate)
                    closer = next(
                        (kind for kind in ("RSQB", "RBRACE") if candidate.accepts(kind)),
                        None,
                    )
                    if closer is None:
                        break
                    candidate.feed_token(
                        Token(closer, "", start_pos=self.end.start_pos, end_pos=self.end.end_pos)
                    )
                except UnexpectedToken:
                    break
        return None

    def unclosed(self, begin: int, end: int, opener: str) -> Token | None:
        """The last `[` (or `{`) opened between ``begin`` and ``end`` that is still open."""
        closer = _OPENERS[opener]
        stack: list[Token] = []
        for token in self.tokens[begin:end]:
            if token.type == opener:
                stack.append(token)
            elif token.type == closer and stack:
                stack.pop()
        return stack[-1] if stack else None

    def report(self, error: UnexpectedToken, begin: int, index: int) -> None:
        token: Token = error.token
        expected = set(error.expected)
        span = Span(self.source, token.start_pos or 0, token.end_pos or 0)
        if token.type == "OTHER":
            self.log.record(span, f"unexpected character `{token}`: {_expected(expected)}")
            return
        if "RSQB" in expected:
            bracket = self.unclosed(begin, index, "LSQB")
            line = self.source.line_of
            later = bracket is not None and line(bracket.start_pos or 0) < line(
                token.start_pos or 0
            )
            if bracket is not None and (later or token.type in ("RBRACE", "LBRACE")):
                self.log.record(
                    Span(self.source, bracket.start_pos or 0, bracket.end_pos or 0),
                    "this `[` is never closed: an attribute list ends with `]`",
                )
                return
        shown = _DESCRIPTIONS.get(token.type, f"`{token}`")
        if token.type in ("ID", "STRING", "HTML"):
            shown = f"`{_short(str(token))}`"
        self.log.record(span, f"unexpected {shown}: {_expected(expected)}")

    def report_end(self, state: ParserState) -> None:
        expected = set(state.tables.states[state.position])  # terminals and rules, as before
        for opener, closer in (("LSQB", "RSQB"), ("LBRACE", "RBRACE")):
            if closer not in expected:
                continue
            bracket = self.unclosed(0, len(self.tokens), opener)
            if bracket is not None:
                what = (
                    "an attribute list ends with `]`"
                    if opener == "LSQB"
                    else ("the file ends before its `}`")
                )
                self.log.record(
                    Span(self.source, bracket.start_pos or 0, bracket.end_pos or 0),
                    f"this `{bracket}` is never closed: {what}",
                )
                return
        end = len(self.source.text.rstrip())  # (just after the last text: a line it has)
        self.log.record(
            Span(self.source, end, end), f"unexpected end of file: {_expected(expected)}"
        )


def _short(text: str) -> str:
    first = text.split("\n", 1)[0]
    return first if len(first) <= 40 and first == text else first[:37] + "…"


def parse_tokens(
    source: SourceText, tokens: list[Token]
) -> tuple[Tree | None, list[SyntaxProblem]]:
    driver = _Driver(source, tokens)
    tree = driver.run()
    return tree, driver.log.problems

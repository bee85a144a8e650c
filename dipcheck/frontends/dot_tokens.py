"""What the DOT token stream alone decides, before the file is parsed: whether a ``.dot`` file
is a workflow at all, which dialect it is written in, whether it nests too deep to be read,
and the unquoted ids that tracker's DOT parser (gographviz) cannot read or reads as several.
"""

from __future__ import annotations

from dipcheck.diagnostics import Diagnostic, Edit, Fix, Severity, loading_finding
from dipcheck.frontends import dot_schema as schema
from dipcheck.frontends.dot_checks import Checks
from dipcheck.frontends.dot_lexer import LexResult, gographviz_ids, gographviz_one
from dipcheck.model import Dialect
from dipcheck.records import replace
from dipcheck.source import SourceText, Span

# Words that make a .dot file found in a directory a workflow rather than an ordinary
# Graphviz drawing (a file named on the command line is always read as a workflow): the
# start/exit shapes, stage attributes, and graph and node attributes of the runtime (`goal`,
# the model and retry settings) that Graphviz does not know — a pipeline whose start and exit
# were drawn with other shapes is still linted.
WORKFLOW_MARKERS = frozenset(
    {
        "Mdiamond",
        "Msquare",
        "prompt",
        "tool_command",
        "outputs",
        "facts",
        "goal_gate",
        "goal",
        "llm_model",
        "llm_provider",
        "llm_prompt",
        "is_codergen",
        "reasoning_effort",
        "default_max_retry",
        "retry_target",
        "fallback_retry_target",
    }
)
_LIST_ENDS = frozenset({"RSQB", "LBRACE", "RBRACE"})
_TYPED_MARKERS = ("{{ inputs.", "{{ context.", "{{inputs.", "{{context.")
MAX_NESTING = 100  # subgraphs inside subgraphs; Graphviz files nest a few levels


def is_workflow_text(lexed: LexResult) -> bool:
    """Does the text use any attribute or shape only a workflow uses?"""
    for token in lexed.tokens:
        if token.type == "ID" and str(token) in WORKFLOW_MARKERS:
            return True
        if token.type == "STRING" and str(token)[1:-1] in ("Mdiamond", "Msquare"):
            return True
    return False


def detect_dialect(lexed: LexResult, source: SourceText) -> Dialect:
    """typed-outputs when the file uses that engine's templates or declarations (`facts`,
    `outputs="name:kind"`)."""
    tokens = lexed.tokens
    text = source.text
    declares = "facts" in text or "outputs" in text  # (else no token is either word)
    for index, token in enumerate(tokens if declares else ()):
        # (`value` is the token's text, without the copy `str(token)` makes)
        if token.type != "ID" or token.value not in ("facts", "outputs"):
            continue
        if token.value == "facts":
            return Dialect.TYPED_OUTPUTS
        value = tokens[index + 2] if index + 2 < len(tokens) else None
        if value is not None and tokens[index + 1].type == "EQUAL" and ":" in str(value):
            return Dialect.TYPED_OUTPUTS
    for quoted in lexed.strings.values():
        value = quoted.text.value
        if "{{" in value and any(marker in value for marker in _TYPED_MARKERS):
            return Dialect.TYPED_OUTPUTS
    return Dialect.TRACKER


def nesting_too_deep(lexed: LexResult, source: SourceText) -> Diagnostic | None:
    """DC001 at the first `{` nested deeper than :data:`MAX_NESTING` subgraphs: such a file is
    not read further (lowering subgraphs is recursive)."""
    if source.text.count("{") <= MAX_NESTING + 1:
        return None  # (fewer `{` tokens than that)
    depth = 0
    for token in lexed.tokens:
        if token.type == "LBRACE":
            depth += 1
            if depth > MAX_NESTING + 1:  # (the graph's own braces are the first level)
                start = token.start_pos or 0
                return loading_finding(
                    "DC001",
                    Span(source, start, start + 1),
                    f"subgraphs nest deeper than {MAX_NESTING} levels here; dipcheck does not "
                    "read the file further (YAML step workflows have the same limit)",
                )
        elif token.type == "RBRACE":
            depth = max(depth - 1, 0)
    return None


def unquoted_ids(lowering: Checks, lexed: LexResult) -> None:
    """Unquoted ids that gographviz's lexer does not read as one id (dot.bnf `id`: a name does
    not start with a digit and holds no `.`, a number is `[-](.digits | digits[.digits*])`).
    One it cannot read at all (`human.default_choice=…`, an Attractor spelling; tracker commit
    d4ab4d2: "The DOT parser rejects dotted attribute names") stops tracker from loading the
    file (DC001). One it reads as several ids (`1_setup`, `900s`, `gpt4.1`, `1.2.3`) is DC011:
    an error where the ids become nodes, a warning for a value in `[…]` that tracker reads cut
    to its first id (the lowering reads it so too, and the value's own checks say whether
    that fails the run), the rest becoming attributes without a value."""
    tokens = lexed.tokens
    one = gographviz_one
    listed = False  # inside `[…]` (lists do not nest)
    scanned = 0  # the tokens before it were looked at for `listed`
    for index in [
        index
        for index, token in enumerate(tokens)
        # (an identifier is one id: its characters are a subset of a gographviz name's)
        if token.type == "ID" and not token.value.isidentifier() and one(token.value) is None
    ]:
        for position in range(scanned, index):
            kind = tokens[position].type
            if kind == "LSQB":
                listed = True
            elif kind in _LIST_ENDS:
                listed = False
        scanned = index
        token = tokens[index]
        text = token.value
        ids = gographviz_ids(text)
        span = lowering.span(token)
        previous = tokens[index - 1].type if index else ""
        following = tokens[index + 1].type if index + 1 < len(tokens) else ""
        if ids[-1][1] < len(text):
            _unreadable(lowering, span, text, listed and following == "EQUAL")
            continue
        pieces = [text[start:end] for start, end in ids]
        named = " and ".join(f"`{piece}`" for piece in pieces)
        problem = (
            f"tracker's DOT parser (gographviz) reads the unquoted `{text}` as {len(ids)} ids, "
            f"{named} (an unquoted id is a number, or a name of letters, digits and `_` that "
            "does not start with a digit)"
        )
        quote = Fix(f"quote `{text}`", (Edit(span, f'"{text}"'),))
        rest = ", ".join(f"`{piece}`" for piece in pieces[1:])
        if listed:
            if previous != "EQUAL":
                continue  # an attribute name: an unknown attribute (DC004) either way
            key = tokens[index - 2].value
            lowering.report(
                "DC011",
                span,
                f"{problem}, so tracker reads `{key}` as `{pieces[0]}`, and {rest} as "
                + ("an attribute" if len(pieces) == 2 else "attributes")
                + f' without a value — quote it: `"{text}"`',
                severity=Severity.WARNING,
                fix=replace(quote, safe=False),  # tracker then reads another value
            )
        elif previous in ("DIGRAPH", "GRAPH", "SUBGRAPH"):
            lowering.report(
                "DC001",
                span,
                f"{problem}, where one name is expected, so the file fails to load (`DOT "
                f'parse error`) — quote it: `"{text}"`',
                fix=quote,
            )
        elif previous == "EQUAL":
            key = tokens[index - 2].value
            lowering.report(
                "DC011",
                span,
                f"{problem}, so tracker sets `{key}` to `{pieces[0]}` and reads {rest} as a "
                f'node without a shape, which it refuses — quote it: `"{text}"`',
                fix=quote,
            )
        else:
            nodes = named if following != "EQUAL" else " and ".join(f"`{p}`" for p in pieces[:-1])
            lowering.report(
                "DC011",
                span,
                f"{problem}, so tracker reads the node{'s' if ' and ' in nodes else ''} {nodes}"
                + (f" and sets `{pieces[-1]}`" if following == "EQUAL" else "")
                + f' where one is written — quote it: `"{text}"`',
                fix=quote,
            )


def _unreadable(lowering: Checks, span: Span, text: str, key: bool) -> None:
    """DC001 at an unquoted id gographviz cannot read (a `.` no digit follows); ``key``: the
    name of an attribute in `[…]`."""
    problem = (
        f"tracker's DOT parser (gographviz) does not accept `.` in an unquoted name, so "
        f"`{text}` stops the file from loading (`DOT parse error`)"
    )
    if key:
        read = text.rsplit(".", 1)[1]
        if read in schema.NODE_ATTRIBUTES or read in schema.EDGE_ATTRIBUTES:
            lowering.report(
                "DC001",
                span,
                f"{problem}; tracker reads this value from `{read}` — rename it",
                fix=Fix(f"rename `{text}` to `{read}`", (Edit(span, read),)),
            )
        else:
            lowering.report(
                "DC001",
                span,
                f"{problem}; quoting it does not help (tracker then keeps the quotes in the "
                "name and never reads it) — use an attribute tracker reads",
            )
        return
    lowering.report(
        "DC001",
        span,
        f'{problem} — quote it: `"{text}"`',
        fix=Fix(f"quote `{text}`", (Edit(span, f'"{text}"'),)),
    )

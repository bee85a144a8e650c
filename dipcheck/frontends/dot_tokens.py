"""What the DOT token stream alone decides, before the file is parsed: whether a ``.dot`` file
is a workflow at all, which dialect it is written in, whether it nests too deep to be read,
and the unquoted dotted names that stop tracker's DOT parser (gographviz) from loading it.
"""

from __future__ import annotations

from dipcheck.diagnostics import Diagnostic, Edit, Fix, loading_finding
from dipcheck.frontends import dot_schema as schema
from dipcheck.frontends.dot_checks import Checks
from dipcheck.frontends.dot_lexer import LexResult
from dipcheck.model import Dialect
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


def dotted_names(lowering: Checks, lexed: LexResult) -> None:
    """gographviz reads an unquoted name as letters, digits and `_` only, so a `.` in one
    (`human.default_choice=…`, an Attractor spelling) stops tracker from loading the file
    (tracker commit d4ab4d2: "The DOT parser rejects dotted attribute names")."""
    tokens = lexed.tokens
    if not any(
        "." in token and token.type == "ID" and (token[0].isalpha() or token[0] == "_")
        for token in tokens
    ):
        return
    depth = 0
    for index, token in enumerate(tokens):
        kind = token.type
        depth += kind == "LSQB"
        depth -= kind == "RSQB" and depth > 0
        text = str(token)
        if kind != "ID" or "." not in text or not (text[0].isalpha() or text[0] == "_"):
            continue
        span = lowering.span(token)
        following = tokens[index + 1].type if index + 1 < len(tokens) else ""
        problem = (
            f"tracker's DOT parser (gographviz) does not accept `.` in an unquoted name, so "
            f"`{text}` stops the file from loading (`DOT parse error`)"
        )
        if depth and following == "EQUAL":
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
            continue
        lowering.report(
            "DC001",
            span,
            f'{problem} — quote it: `"{text}"`',
            fix=Fix(f"quote `{text}`", (Edit(span, f'"{text}"'),)),
        )

"""dippin's lints on the typed `inputs` block: DIP155, DIP156, DIP158 and DIP159. (DIP157,
`${inputs.*}` in a tool command, lives with the tool-safety rules in `safety`; DIP160, a
subgraph that omits a required child input, is cross-file.)"""

from __future__ import annotations

import re
from collections.abc import Iterator

from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.frontends.dip_schema import INPUT_TYPES
from dipcheck.gore import PatternError, compile_go
from dipcheck.model import Field, InputDecl, RefKind
from dipcheck.references import list_items
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.rules.safety import COMMAND_ATTRIBUTES
from dipcheck.suggest import Names, suggestion_fix

# Constructs Go's RE2 (which tracker and dippin use) rejects, named in the reader's terms
# (RE2's own message for a lookahead is "invalid perl operator: (?=").
_RE2_REJECTS = (
    (re.compile(r"\(\?<?[=!]"), "lookaround assertions"),
    (re.compile(r"\\[1-9]|\(\?P="), "backreferences"),
    (re.compile(r"\(\?>"), "atomic groups"),
)


def pattern_problem(pattern: str) -> str | None:
    """Why Go's RE2 rejects ``pattern``, or None (RE2 itself decides: :mod:`dipcheck.gore`)."""
    for construct, name in _RE2_REJECTS:
        if construct.search(pattern):
            return f"RE2 does not support {name}"
    try:
        compile_go(pattern)
    except PatternError as error:
        return str(error)
    return None


def _attr(decl: InputDecl, key: str) -> Field | None:
    return next((item for item in reversed(decl.attrs) if item.key == key), None)


@rule(
    "DIP155",
    "unknown-input-type",
    Severity.ERROR,
    summary="An input declared with a type that is not text, number, bool, enum, file or secret.",
    rationale="The type decides how the caller's value is checked and passed; dippin keeps an "
    "unknown type so that newer files still parse, and reports it as an error.",
    example="inputs\n  count: integer",
    fix="Use text, number, bool, enum, file or secret.",
    formats=("dip",),
    fix_availability="sometimes",
)
def unknown_input_type(context: Context) -> Iterator[Diagnostic]:
    for decl in context.workflow.inputs:
        kind = decl.type.value
        if not kind or kind in INPUT_TYPES:
            continue  # a missing type is DC005
        hint, fix = suggestion_fix(kind, INPUT_TYPES, decl.type.span)
        message = f"input `{decl.name.value}` has unknown type `{kind}`{hint}"
        yield context.finding("DIP155", decl.type.span, message, fix=fix)


@rule(
    "DIP156",
    "undeclared-input",
    Severity.WARNING,
    summary="`${inputs.X}` or a condition on `inputs.X` where no input X is declared.",
    rationale=(
        "`inputs` is a closed namespace: only declared inputs get a value, anything else "
        "expands to an empty string without a word. dippin checks agent prompts and "
        "conditions; dipcheck checks every place the runtime expands (tool commands are "
        "DIP157's concern)."
    ),
    example="inputs\n  topic: text\nagent Plan\n  prompt: Research ${inputs.topik}",
    fix="Declare the input, or correct the name (a did-you-mean fix is offered).",
    formats=("dip",),
    fix_availability="sometimes",
)
def undeclared_input(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    declared = [decl.name.value for decl in workflow.inputs]
    candidates: Names | None = None
    for ref in workflow.references:
        if ref.kind is not RefKind.INPUTS or ref.attribute in COMMAND_ATTRIBUTES:
            continue
        key = ref.key
        if key in declared:
            continue
        if candidates is None:  # indexed once for every reference's did-you-mean
            candidates = Names(declared)
        hint, fix = suggestion_fix(key, candidates, ref.span, lambda name: f"${{inputs.{name}}}")
        message = f"`{ref.text}` in `{ref.owner}` names no declared input{hint}"
        if not declared:
            message += "; the workflow has no `inputs` block"
        yield context.finding("DIP156", ref.span, message, fix=fix)


def _constraints(decl: InputDecl) -> Iterator[tuple[Field, str]]:
    """Constraints set on an input whose type cannot use them."""
    kind = decl.type.value
    if kind not in INPUT_TYPES:
        return
    for item in decl.attrs:
        value = item.text.strip()
        if item.key == "options" and kind != "enum":
            yield item, "enum"
        elif item.key == "pattern" and kind not in ("text", "secret"):
            yield item, "text or secret"
        elif item.key in ("max_length", "multiline") and kind not in ("text", "secret"):
            if value.lower() in ("true", "1", "yes", "on") or (
                value.isdigit() and value.strip("0") != ""  # a number other than zero
            ):
                yield item, "text or secret"
        elif item.key in ("min", "max") and kind != "number":
            yield item, "number"


def _number(item: Field | None) -> float | None:
    try:
        return float(item.text.strip()) if item is not None else None
    except ValueError:
        return None


@rule(
    "DIP158",
    "invalid-input-constraint",
    Severity.ERROR,
    summary="An input constraint that is invalid or does not apply to the input's type.",
    rationale=(
        "An enum default outside its options, `min` above `max`, a `pattern` RE2 cannot "
        "compile, or a constraint on a type that ignores it (`options` needs enum; "
        "`pattern`, `max_length` and `multiline` need text or secret; `min`/`max` need "
        "number): the caller's value is then refused, or the constraint silently does "
        "nothing."
    ),
    example="inputs\n  tier: enum\n    options: gold, silver\n    default: bronze",
    fix="Make the constraint consistent with the type and the other constraints.",
    formats=("dip",),
)
def invalid_constraint(context: Context) -> Iterator[Diagnostic]:
    for decl in context.workflow.inputs:
        name = decl.name.value
        for item, needed in _constraints(decl):
            yield context.finding(
                "DIP158",
                item.key_span,
                f"`{item.key}` of input `{name}` applies to {needed} inputs, not "
                f"`{decl.type.value}`",
            )
        default, options = _attr(decl, "default"), _attr(decl, "options")
        if decl.type.value == "enum" and default is not None and options is not None:
            allowed = [entry.value for entry in list_items(options.value)]
            value = default.text.strip()
            if value and value not in allowed:
                yield context.finding(
                    "DIP158",
                    default.value_span,
                    f"default `{value}` of enum input `{name}` is not one of its options "
                    f"({', '.join(allowed)})",
                )
        low, high = _attr(decl, "min"), _attr(decl, "max")
        low_value, high_value = _number(low), _number(high)
        if low_value is not None and high_value is not None and low_value > high_value:
            assert low is not None
            yield context.finding(
                "DIP158",
                low.value_span,
                f"min {low.text.strip()} of input `{name}` is greater than its max "
                f"{high.text.strip() if high is not None else ''}",
            )
        pattern = _attr(decl, "pattern")
        if pattern is not None and pattern.text:
            problem = pattern_problem(pattern.text)
            if problem is not None:
                yield context.finding(
                    "DIP158",
                    pattern.value_span,
                    f"pattern of input `{name}` does not compile: {problem}",
                )


@rule(
    "DIP159",
    "unused-input",
    Severity.INFO,
    summary="A declared input that nothing references.",
    rationale=(
        "An input the workflow never reads makes callers supply a value for nothing, or "
        "hides a misspelt reference. `file` and `secret` inputs are exempt: they are used "
        "through their staged path (`.tracker/inputs/<name>`), not by reference."
    ),
    example="inputs\n  topic: text\nagent Plan\n  prompt: Plan the work.",
    fix="Reference it (`${inputs.topic}`, or `inputs.topic` in a condition) or remove it.",
    formats=("dip",),
)
def unused_input(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    used = {ref.key for ref in workflow.references if ref.kind is RefKind.INPUTS}
    for decl in workflow.inputs:
        if decl.type.value in ("file", "secret") or decl.name.value in used:
            continue
        yield context.finding(
            "DIP159",
            decl.name.span,
            f"input `{decl.name.value}` is declared but never referenced",
        )

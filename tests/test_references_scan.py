"""``scan_text`` against the scan it replaced (kept here as the reference): the same references,
spans and order on generated text with every placeholder and ``$name`` form, for values copied
verbatim and for values mapped through several segments."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.model import Origin, Reference, RefKind, Text
from dipcheck.references import _longest_variable, classify, placeholders, scan_text
from dipcheck.source import SourceText

_DOLLAR_NAME = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)")


def former_scan_text(
    text: Text, owner: str, attribute: str, graph_variables: frozenset[str] = frozenset()
) -> list[Reference]:
    """The scan before session 19: one placeholder record and two ``Text.span`` calls each."""
    value = text.value
    result: list[Reference] = []
    if "$" not in value:
        return result
    for item in placeholders(value):
        kind, namespace, key, node, node_offset = classify(item.inner)
        node_span = None
        if node is not None:
            node_start = item.start + 2 + node_offset
            node_span = text.span(node_start, node_start + len(node))
        result.append(
            Reference(
                kind=kind,
                key=key,
                span=text.span(item.start, item.end),
                owner=owner,
                attribute=attribute,
                origin=Origin.INTERP,
                node=node,
                node_span=node_span,
                explicit=True,
                namespace=namespace,
            )
        )
    if graph_variables:
        for match in _DOLLAR_NAME.finditer(value):
            if match.start() + 1 < len(value) and value[match.start() + 1] == "{":
                continue
            name = _longest_variable(match.group(1), graph_variables)
            if name is None:
                continue
            result.append(
                Reference(
                    kind=RefKind.VAR,
                    key=name,
                    span=text.span(match.start(), match.start() + 1 + len(name)),
                    owner=owner,
                    attribute=attribute,
                    origin=Origin.INTERP,
                    namespace="$",
                )
            )
    if len(result) > 1:
        result.sort(key=lambda ref: ref.span.start)
    return result


_PIECES = [
    "${ctx.key}",
    "${ctx.a.b}",
    "${ctx.node.Plan.status}",
    "${ctx.node.}",
    "${ctx.node}",
    "${node.Review.last}",
    "${node.X}",
    "${node.}",
    "${inputs.topic}",
    "${params.mode}",
    "${graph.goal}",
    "${stack.depth}",
    "${other.x}",
    "${plain}",
    "${}",
    "${ctx.$goal}",
    "${",
    "$",
    "$$",
    "${${ctx.x}}",
    "}",
    "{",
    "$goal",
    "$goal_long",
    "$goal.x",
    "$branch",
    "$branch.name",
    "$unknown",
    "$_",
    "$1",
    "${ctx.x",
    " ",
    "\n",
    "text",
    ".",
]
_VARIABLES = st.frozensets(
    st.sampled_from(["goal", "goal_long", "branch", "branch.name", "b", "_"])
)


@st.composite
def _texts(draw: st.DrawFn) -> Text:
    value = "".join(draw(st.lists(st.sampled_from(_PIECES) | st.text("${}.$ab_", max_size=4))))
    start = draw(st.integers(0, 50))
    source = SourceText("t", "#" * (start + 2 * len(value) + 2))
    if draw(st.booleans()) or not value:
        return Text.at(value, source, start)
    # several segments, each later one further on in the source (skipped characters between)
    cuts = sorted(draw(st.sets(st.integers(1, max(len(value) - 1, 1)), max_size=5)) | {0})
    segments = []
    skipped = start
    for cut in cuts:
        segments.append((cut, cut + skipped))
        skipped += draw(st.integers(0, 3))
    first = draw(st.sampled_from([((0, start),), ((2, start + 5),)]))  # a lone segment at 2 too
    return Text(value, source, tuple(segments) if len(cuts) > 1 else first)


@settings(max_examples=600, deadline=None)
@given(_texts(), _VARIABLES)
def test_scan_text_matches_the_former_scan(text: Text, variables: frozenset[str]) -> None:
    assert scan_text(text, "N", "prompt", variables) == former_scan_text(
        text, "N", "prompt", variables
    )


def test_scan_text_fixed_cases() -> None:
    source = SourceText("t", "x" * 10 + "a ${ctx.node.Plan.k} $goal ${ctx.y} ${ctx.z")
    value = source.text[10:]
    text = Text.at(value, source, 10)
    found = scan_text(text, "N", "prompt", frozenset({"goal"}))
    assert [(ref.kind, ref.key, ref.text) for ref in found] == [
        (RefKind.SCOPED, "k", "${ctx.node.Plan.k}"),
        (RefKind.VAR, "goal", "$goal"),
        (RefKind.CTX, "y", "${ctx.y}"),
    ]
    assert found[0].node == "Plan"
    assert found[0].node_span is not None
    assert source.text[found[0].node_span.start : found[0].node_span.end] == "Plan"
    assert found == former_scan_text(text, "N", "prompt", frozenset({"goal"}))
    assert scan_text(Text.at("${a} and ${b}", source, 0), "N", "p") == former_scan_text(
        Text.at("${a} and ${b}", source, 0), "N", "p"
    )

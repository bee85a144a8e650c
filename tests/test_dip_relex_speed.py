"""The re-lex's short paths against a fresh lex (tests/test_dip_relex.py checks edit sequences
in general): raw blocks moved from their kept line maps (``DipLexer.block_maps``), again and
again over a run of keystrokes, small (a tuple of pairs) and large (packed ``Segments``), and
the groups made without a call to ``LineGroup``; every field, each token's place included.
And the shared block tokens (``INDENT``, ``DEDENT``: no place, so the re-lex does not move
them) parse as the placed tokens the lexer made before."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends import dip_relex
from dipcheck.frontends.dip_lexer import DEDENT, INDENT, DipLexer, LexResult, LineGroup
from dipcheck.frontends.dip_parser import parse_groups
from dipcheck.lalr import Token, Tree
from dipcheck.model import _PACK_ABOVE
from dipcheck.source import SourceText

_PLACE = ("type", "value", "start_pos", "end_pos", "line", "column", "end_line", "end_column")
_paths = itertools.count()


def _shape(result: LexResult, source: SourceText) -> Any:
    assert all(text.source is source for text in result.raw_blocks.values())
    assert all(type(group) is LineGroup for group in result.groups)

    def tokens(items: list[Any]) -> list[Any]:
        return [
            (type(token), str(token), *(getattr(token, name) for name in _PLACE)) for token in items
        ]

    return (
        [(tokens(group.structure), tokens(group.content), group.line) for group in result.groups],
        [
            (start, text.value, type(text.segments), tuple(text.segments))
            for start, text in result.raw_blocks.items()
        ],
        [(p.span.start, p.span.end, p.message, p.code) for p in result.problems],
        result.count,
        source.line_starts,
    )


def _check(path: str, text: str) -> None:
    source = SourceText(path, text)
    fresh = SourceText(path, text)
    assert _shape(dip_relex.lex(source), source) == _shape(DipLexer(fresh).run(), fresh)


def _maps_agree(text: str) -> None:
    """Each kept run's line maps are its raw blocks' segments unpacked."""
    lexer = DipLexer(SourceText("<maps>.dip", text))
    result = lexer.run()
    assert lexer.block_maps.keys() == result.raw_blocks.keys()
    for start, (positions, sources) in lexer.block_maps.items():
        assert tuple(zip(positions, sources, strict=True)) == tuple(
            result.raw_blocks[start].segments
        )


def _workflow(blocks: list[int], tail: int) -> str:
    """A workflow whose agents have raw prompts of the given numbers of lines (some with a
    blank line, some indented deeper, some with a line indented less than the first) and a
    few edges."""
    parts = ["workflow W", "  goal: g"]
    for number, size in enumerate(blocks):
        parts += [f"  agent A{number}", "    label: x", "    prompt:"]
        for line in range(size):
            indent = "      " if line % 7 else "        "
            parts.append("" if line % 11 == 5 else f"{indent}line {line} of ${{ctx.k{number}}}")
        if number % 3 == 2:
            parts.append("     less indented")
    parts.append("  edges")
    parts += [f"    A{i} -> A{i + 1} when ctx.x = y" for i in range(min(tail, len(blocks) - 1))]
    return "\n".join(parts) + "\n"


# keystrokes: where (a fraction of the text) and what is typed or deleted there
KEYS = st.lists(
    st.tuples(
        st.floats(0, 1),
        st.integers(0, 2),
        st.sampled_from(["x", "", " ", "\n", "  ", "\n      more", "\n  agent Z", "\t", ":"]),
    ),
    min_size=1,
    max_size=6,
)


def _typing(text: str, keys: list[tuple[float, int, str]]) -> None:
    path = f"<relex-speed-{next(_paths)}>.dip"
    _check(path, text)
    _check(path, text)  # (the second lex is kept)
    for where, removed, typed in keys:
        at = int(where * len(text))
        text = text[:at] + typed + text[at + removed :]
        _check(path, text)
        _maps_agree(text)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=6), st.integers(0, 4), KEYS)
def test_keystrokes_move_small_blocks(
    blocks: list[int], tail: int, keys: list[tuple[float, int, str]]
) -> None:
    _typing(_workflow(blocks, tail), keys)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2), KEYS)
def test_keystrokes_move_packed_blocks(before: int, keys: list[tuple[float, int, str]]) -> None:
    # a block of more lines than a tuple map holds, before or after small ones
    blocks = [3] * before + [_PACK_ABOVE + 20] + [4, 0, 2]
    _typing(_workflow(blocks, 3), keys)


def test_a_block_moved_over_many_keystrokes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each keystroke re-lexes against the run the one before made: blocks moved from maps
    that were moved themselves (a line added before them moves their lines too)."""
    taken = []
    general = dip_relex._take_rest
    monkeypatch.setattr(dip_relex, "_take_rest", lambda *args: taken.append(general(*args)))
    path = f"<relex-speed-{next(_paths)}>.dip"
    text = _workflow([2, _PACK_ABOVE + 3, 5, 1], 3)
    _check(path, text)
    _check(path, text)
    at = text.index("label: x") + len("label: x")
    for typed in ["y", "z", "\n    k: v", "\n", " ", "w"]:
        text = text[:at] + typed + text[at:]
        at += len(typed)
        _check(path, text)
    for _ in range(3):
        at -= 1
        text = text[:at] + text[at + 1 :]
        _check(path, text)
    assert len(taken) == 9  # (every keystroke took the old run's rest)


def _placed_structure(result: LexResult, source: SourceText) -> list[LineGroup]:
    """The groups with block tokens of their own, placed where the lexer placed them before
    the shared ones: at the line's indent (its first content token), the closing ones at the
    end of the last line."""
    lines = source.text.split("\n")
    end = source.line_starts[len(lines) - 1] + len(lines[-1])
    groups = []
    for group in result.groups:
        assert all(token is INDENT or token is DEDENT for token in group.structure)
        at = group.content[0].start_pos if group.content else end
        structure = [
            Token(token.type, "", at, None, None, None, None, at) for token in group.structure
        ]
        groups.append(LineGroup(structure, list(group.content), group.line))
    return groups


def _tree_shape(tree: Tree | Token | None) -> Any:
    if tree is None:
        return None
    if isinstance(tree, Token):
        return (str(tree), *(getattr(tree, name) for name in _PLACE))
    return (tree.data, [_tree_shape(child) for child in tree.children])


BLOCK_LINES = st.sampled_from(
    [
        "workflow W",
        "  agent A",
        "    prompt:",
        "      raw",
        "   odd indent",
        "    label: x",
        "  edges",
        "    A -> B",
        "    A ->",
        "      deeper",
        "  x",
        "stray",
        "\tagent T",
        "        too: deep",
        " ",
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(BLOCK_LINES, max_size=25))
def test_placeless_block_tokens_parse_as_placed_ones(lines: list[str]) -> None:
    """The parser (descent, tables and line-by-line recovery) gives the same tree and
    problems with the shared block tokens as with tokens placed at each line's indent."""
    source = SourceText("<blocks>.dip", "\n".join(lines))
    shared = DipLexer(source).run()
    placed = LexResult(_placed_structure(shared, source), dict(shared.raw_blocks))
    tree, problems = parse_groups(source, shared)
    placed_tree, placed_problems = parse_groups(source, placed)
    assert _tree_shape(tree) == _tree_shape(placed_tree)
    assert [(p.span.start, p.span.end, p.message) for p in problems] == [
        (p.span.start, p.span.end, p.message) for p in placed_problems
    ]


def _reference_ends(old: str, new: str) -> tuple[int, int]:
    """The common prefix and (not overlapping it) suffix, a character at a time."""
    if old == new:
        return len(new), 0
    limit = min(len(old), len(new))
    prefix = 0
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return prefix, suffix


PIECE = st.sampled_from(["  agent A\n", "    prompt: é\n", "x", "\n", "      raw ü\n"])


@settings(max_examples=40, deadline=None)
@given(
    st.lists(PIECE, min_size=1, max_size=4),
    st.integers(0, 500),
    st.lists(
        st.tuples(st.floats(0, 1), st.integers(0, 3000), st.sampled_from(["", "y", "ab"])),
        max_size=4,
    ),
)
def test_common_ends_cut_as_needed(
    pieces: list[str], repeats: int, edits: list[tuple[float, int, str]]
) -> None:
    """The ends a kept run shares with new texts, its pieces cut when first compared and
    kept for later comparisons, are those found a character at a time."""
    old = "".join(pieces) * repeats
    source = SourceText("<ends>.dip", old)
    run = dip_relex._Run(source, DipLexer(source), LexResult([], {}))  # (its text alone)
    new = old
    for where, removed, inserted in edits:
        at = int(where * len(new))
        new = new[:at] + inserted + new[at + removed :]
        assert dip_relex._common_ends(run, new) == _reference_ends(old, new)

"""Folding ranges, from the document symbols: every node, section (``defaults``, ``vars``,
``inputs``, ``edges``, from its keyword line) and multi-line field (``prompt:`` blocks,
``params:`` …) that spans more than one line folds from its first line to its last."""

from __future__ import annotations

from collections.abc import Iterable

from lsprotocol import types


def _walk(symbols: Iterable[types.DocumentSymbol]) -> Iterable[types.DocumentSymbol]:
    for item in symbols:
        yield item
        yield from _walk(item.children or ())


def folding_ranges(symbols: list[types.DocumentSymbol]) -> list[types.FoldingRange]:
    """``symbols`` is the workflow symbol (whose own range, the whole file, does not fold)."""
    spans = {
        (item.range.start.line, item.range.end.line)
        for root in symbols
        for item in _walk(root.children or ())
        if item.range.end.line > item.range.start.line
    }
    return [types.FoldingRange(start_line=first, end_line=last) for first, last in sorted(spans)]

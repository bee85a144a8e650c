"""Bit sets by name kept as their bit positions where that is smaller: the data-flow tables
(:mod:`dipcheck.analysis.dataflow`) hold one set per node, over every context key."""

from __future__ import annotations

from collections.abc import Iterator, Mapping


class Bits:
    """Bit sets kept as their bit positions, each set made when asked for: a node writes a
    key or two, and its set as an integer is as long as its highest position (10,000 single
    keys along a chain were 10,000 integers of up to 10,000 bits, 7 MB)."""

    __slots__ = ("_positions",)

    def __init__(self, positions: dict[str, list[int]]) -> None:
        self._positions = positions

    def __getitem__(self, name: str) -> int:
        value = 0
        for position in self._positions.get(name, ()):
            value |= 1 << position
        return value

    def get(self, name: str, default: int = 0) -> int:
        return self[name] if name in self._positions else default


class Sparse(Mapping[str, int]):
    """Bit sets by name, a set of few bits far apart kept as its bit positions: on a chain
    whose first node writes a key, the keys every path to a node has written are that key and
    the node's own, an integer as long as the node's position (10,000 of up to 10,000 bits,
    7 MB). Positions are kept for a set of at most 8 bits and one in 512, so a set is taken
    apart and remade in time linear in its length, as the analysis made it."""

    __slots__ = ("_table",)

    def __init__(self, table: dict[str, int]) -> None:
        """Takes ``table`` over (its sparse sets are replaced in place, no second table)."""
        kept: dict[str, int | tuple[int, ...]] = table  # type: ignore[assignment]
        for name, value in table.items():
            count = value.bit_count()
            if count > 8 or value.bit_length() < count * 512:
                continue
            positions = []
            while value:
                lowest = value & -value
                positions.append(lowest.bit_length() - 1)
                value ^= lowest
            kept[name] = tuple(positions)
        self._table = kept

    def __getitem__(self, name: str) -> int:
        value = self._table[name]
        if isinstance(value, int):
            return value
        result = 0
        for position in value:
            result |= 1 << position
        return result

    def get(self, name: str, default: int = 0) -> int:  # type: ignore[override]
        return self[name] if name in self._table else default

    def __contains__(self, name: object) -> bool:
        return name in self._table

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

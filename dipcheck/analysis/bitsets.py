"""Bit sets by name kept as their bit positions where that is smaller: the data-flow tables
(:mod:`dipcheck.analysis.dataflow`) hold one set per node, over every context key."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping


def positions(value: int) -> Iterator[int]:
    """The positions of the bits set in ``value``, lowest first (read from its binary digits,
    so a set of many bits is taken apart in one pass, not one shift of the whole integer per
    bit)."""
    digits = bin(value)[:1:-1]  # bit i at index i
    index = digits.find("1")
    while index != -1:
        yield index
        index = digits.find("1", index + 1)


def from_positions(bits: Iterable[int]) -> int:
    """The set with the bits at ``bits``."""
    value = 0
    for position in bits:
        value |= 1 << position
    return value


class Bits:
    """Bit sets kept as their bit positions, each set made when asked for: a node writes a
    key or two, and its set as an integer is as long as its highest position (10,000 single
    keys along a chain were 10,000 integers of up to 10,000 bits, 7 MB)."""

    __slots__ = ("_positions",)

    def __init__(self, table: dict[str, list[int]]) -> None:
        self._positions = table

    def __getitem__(self, name: str) -> int:
        return from_positions(self._positions.get(name, ()))

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
            kept[name] = tuple(positions(value))
        self._table = kept

    def __getitem__(self, name: str) -> int:
        value = self._table[name]
        return value if isinstance(value, int) else from_positions(value)

    def get(self, name: str, default: int = 0) -> int:  # type: ignore[override]
        return self[name] if name in self._table else default

    def __contains__(self, name: object) -> bool:
        return name in self._table

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

"""The coverage file ``dipcheck graph --coverage FILE`` reads: which edges the tests took.

A JSON document in one of these shapes (the first is the reference shape; the others are the
same information as ``dipcheck test --coverage --format json`` nests it)::

    {"file": "build.dip",
     "edges": [{"from": "Start", "to": "Build", "index": 0},
               {"from": "Test", "to": "Fix", "index": 0, "covered": false}]}

    {"workflows": [{"file": "build.dip", "edges": [...]}, ...]}
    {"coverage": {"workflows": [...]}}

* ``from``/``to`` are node ids; ``index`` (default 0) tells apart several edges between the
  same two nodes: the n-th of them, counting from 0, in the order tracker tries the edges of
  ``from`` (declaration order, then the edges the adapter adds for ``parallel``/``fan_in``).
* An entry is a covered edge unless it says ``"covered": false`` or ``"hits": 0`` (a number;
  a value of another type there is an error).
* A workflow entry may list ``items`` instead of ``edges``: ``{"kind": "edges", "label":
  "A -> B", "line": L, "column": C, "covered": true}``, where line and column (1-based) are
  where the edge is written; items of other kinds are ignored.
* ``file`` is matched against the drawn file (relative paths are tried from the current
  directory and from the coverage file's directory); a document with a single workflow entry
  applies to whatever file is drawn.

Every drawn edge that the file does not list as covered is untested, except the edges from
a parallel branch to its fan-in, which the engine never follows (the branch runs inside the
parallel handler, docs/runtime/parallel.md#branches).
"""

from __future__ import annotations

import json
import os
from typing import Any

from dipcheck import integers
from dipcheck.analysis.runtime import Handler
from dipcheck.files import FileTooLarge, read_regular
from dipcheck.model import Edge
from dipcheck.records import field, record
from dipcheck.simulate.graph import RunGraph

MAX_BYTES = 32 * 1024 * 1024


class CoverageError(Exception):
    """The coverage file cannot be read or has no entry for the drawn workflow."""


@record
class EdgeCoverage:
    """Covered edges by (from, to, index) and by (from, to, line, column) for ``items``."""

    covered: set[tuple[str, str, int]] = field(default_factory=set)
    at: set[tuple[str, str, int, int]] = field(default_factory=set)

    def untested(self, graph: RunGraph) -> set[int]:
        """``id()`` of every edge of ``graph`` the tests did not take."""
        result: set[int] = set()
        for source in graph.edges:
            seen: dict[str, int] = {}
            for edge in graph.edges_from(source):
                target = edge.target.value
                index = seen.get(target, 0)
                seen[target] = index + 1
                if _never_followed(graph, edge):
                    continue
                line, column = edge.span.start_position()
                if (source, target, index) in self.covered or (
                    source,
                    target,
                    line + 1,
                    column + 1,
                ) in self.at:
                    continue
                result.add(id(edge))
        return result


def _never_followed(graph: RunGraph, edge: Edge) -> bool:
    target = edge.target.value
    if not edge.implicit or target not in graph.nodes:
        return False
    if graph.handler(target) is not Handler.FAN_IN:
        return False
    return any(edge.source.value in info.branches for info in graph.parallels.values())


def read_coverage(path: str, drawn: str) -> EdgeCoverage:
    """The edge coverage of the workflow file ``drawn`` from the coverage file ``path``."""
    try:
        document = json.loads(read_regular(path, MAX_BYTES), parse_int=_number)
    except FileTooLarge:
        raise CoverageError(f"{path}: larger than {MAX_BYTES} bytes") from None
    except OSError as error:
        raise CoverageError(f"{path}: cannot read: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CoverageError(f"{path}: not a JSON document: {error}") from None
    except RecursionError:  # (json.loads recurses: 100,000 nested brackets were a traceback)
        raise CoverageError(
            f"{path}: not a coverage document: arrays or objects nest too deep to read"
        ) from None
    entries = _entries(document)
    if not entries:
        raise CoverageError(f"{path}: no workflow entry with `edges` or `items`")
    chosen = _matching(entries, drawn, os.path.dirname(os.path.abspath(path)))
    if chosen is None:
        listed = ", ".join(str(entry.get("file")) for entry in entries[:5])
        raise CoverageError(f"{path}: no entry for {drawn} (it has {listed})")
    return _edges(chosen, path)


def _number(text: str) -> int | float:
    """A JSON integer within 64 bits; a longer one as a float (a 5,000-digit number was past
    what Python's ``int`` converts, a traceback), which no count or index takes."""
    number = integers.parse(text)
    return float(text) if number is None else number


def _entries(document: Any) -> list[dict[str, Any]]:
    if not isinstance(document, dict):
        return []
    if isinstance(document.get("coverage"), dict):
        document = document["coverage"]
    workflows = document.get("workflows")
    if isinstance(workflows, list):
        return [item for item in workflows if isinstance(item, dict) and _has_edges(item)]
    return [document] if _has_edges(document) else []


def _has_edges(entry: dict[str, Any]) -> bool:
    return isinstance(entry.get("edges"), list) or isinstance(entry.get("items"), list)


def _matching(entries: list[dict[str, Any]], drawn: str, base: str) -> dict[str, Any] | None:
    wanted = os.path.realpath(drawn)
    for entry in entries:
        name = entry.get("file")
        if not isinstance(name, str):
            continue
        for candidate in (name, os.path.join(base, name)):
            if os.path.realpath(candidate) == wanted:
                return entry
    return entries[0] if len(entries) == 1 else None


def _covered(item: dict[str, Any], path: str) -> bool:
    """Whether an entry counts as covered: ``"covered": false`` or ``"hits"`` of 0 (or less)
    says not; any other type there is an error (`"hits": "0"` and `"covered": "false"` were
    read as covered, `"hits": 0.0` too)."""
    covered, hits = item.get("covered", True), item.get("hits", 1)
    if not isinstance(covered, bool):
        raise CoverageError(f"{path}: `covered` must be true or false: {item!r:.80}")
    if isinstance(hits, bool) or not isinstance(hits, int | float):
        raise CoverageError(f"{path}: `hits` must be a number: {item!r:.80}")
    return covered and hits > 0


def _edges(entry: dict[str, Any], path: str) -> EdgeCoverage:
    result = EdgeCoverage()
    for item in entry.get("edges") or []:
        if not isinstance(item, dict):
            raise CoverageError(f"{path}: an `edges` entry is not an object: {item!r:.60}")
        source, target, index = item.get("from"), item.get("to"), item.get("index", 0)
        if not isinstance(source, str) or not isinstance(target, str):
            raise CoverageError(f"{path}: an edge needs string `from` and `to`: {item!r:.80}")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise CoverageError(f"{path}: `index` must be a whole number ≥ 0: {item!r:.80}")
        if _covered(item, path):
            result.covered.add((source, target, index))
    for item in entry.get("items") or []:
        if not isinstance(item, dict) or item.get("kind") != "edges" or not _covered(item, path):
            continue
        label, line, column = item.get("label"), item.get("line"), item.get("column")
        if not isinstance(label, str) or " -> " not in label:
            continue
        if not isinstance(line, int) or not isinstance(column, int):
            continue
        source, _, target = label.partition(" -> ")
        result.at.add((source.strip(), target.strip(), line, column))
    return result

"""Coverage as an LCOV tracefile (the ``lcov.info`` format of ``geninfo``), which VS Code's
coverage extensions and CI coverage services read.

Per workflow file (``SF:``): each node is a function (``FN``/``FNDA``: the steps that ran it);
each line that declares a node or an edge is a line record (``DA``: a node's runs, an edge's
traversals; a line with several items counts as run only when all of them were); outcomes,
gate answers and tool markers are branches on their node's line, and each condition clause is
a true/false branch pair on its edge's line (``BRDA``; ``-`` when the node never ran or the
condition was never evaluated).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dipcheck.terminal import visible_name
from dipcheck.wftest.coverage import Coverage, Item

_BLOCKS = {"outcomes": 0, "answers": 1, "markers": 2}


def _lines(coverage: Coverage, graph_nodes: dict[str, tuple[int, int]]) -> dict[int, list[int]]:
    lines: dict[int, list[int]] = {}
    for node, (line, _) in graph_nodes.items():
        lines.setdefault(line, []).append(coverage.visits.get(node, 0))
    for item in coverage.items:
        if item.kind == "edges":
            lines.setdefault(item.line, []).append(item.hits)
    return lines


def _branches(coverage: Coverage) -> list[tuple[int, int, int, str]]:
    """(line, block, branch, taken) records."""
    records: list[tuple[int, int, int, str]] = []
    counters: dict[tuple[int, int], int] = {}
    clause_blocks: dict[tuple[int, int], int] = {}  # (line, id of the edge) → block
    for item in coverage.items:
        if item.kind == "edges":
            continue
        if item.kind == "clauses":
            key = (item.line, id(item.key[0]))  # one block per condition
            if key not in clause_blocks:
                on_line = sum(1 for found in clause_blocks if found[0] == item.line)
                clause_blocks[key] = len(_BLOCKS) + on_line
            block = clause_blocks[key]
        else:
            block = _BLOCKS[item.kind]
        branch = counters.get((item.line, block), 0)
        counters[(item.line, block)] = branch + 1
        records.append((item.line, block, branch, _taken(item)))
    return records


def _function(node: str) -> str:
    """A node id as an LCOV function name: one line (a DOT id can hold a line break, which
    started records of its own, `SF:/etc/passwd` among them), and no comma (lcov 2 reads
    `FN:line,end,name`)."""
    return visible_name(node).replace(",", "\\x2c")


def _taken(item: Item) -> str:
    return str(item.hits) if item.reached or item.hits else "-"


def render(
    coverages: Sequence[tuple[Coverage, dict[str, tuple[int, int]]]],
    display: Callable[[str], str],
) -> str:
    """One record per workflow; ``coverages`` pairs each with its nodes' (line, column)."""
    out: list[str] = ["TN:dipcheck"]
    for coverage, nodes in coverages:
        out.append(f"SF:{visible_name(display(coverage.workflow))}")
        for node, (line, _) in nodes.items():
            out.append(f"FN:{line},{_function(node)}")
        for node in nodes:
            out.append(f"FNDA:{coverage.visits.get(node, 0)},{_function(node)}")
        out.append(f"FNF:{len(nodes)}")
        out.append(f"FNH:{sum(1 for node in nodes if coverage.visits.get(node, 0))}")
        branches = _branches(coverage)
        for line, block, branch, taken in branches:
            out.append(f"BRDA:{line},{block},{branch},{taken}")
        out.append(f"BRF:{len(branches)}")
        out.append(f"BRH:{sum(1 for record in branches if record[3] not in ('-', '0'))}")
        lines = _lines(coverage, nodes)
        for line in sorted(lines):
            hits = lines[line]
            out.append(f"DA:{line},{0 if 0 in hits else sum(hits)}")
        out.append(f"LF:{len(lines)}")
        out.append(f"LH:{sum(1 for hits in lines.values() if 0 not in hits)}")
        out.append("end_of_record")
    return "\n".join(out) + "\n"

"""The explorer as it gathers facts (``list_paths=False``: the DC4xx sweep and every child
workflow's exploration) against the explorer as it was (hypothesis): it interned the route of
every transition, and a child workflow's exploration kept the parent-only facts (taken edges,
routing, gate checks, restart edges) that nothing reads. Generated parents with parallel
branches and subgraph children written to a temporary folder, compared on everything the
exploration gives back (its facts, each end and final context) and on the file's DC4xx
diagnostics.
"""

from __future__ import annotations

import inspect
import itertools
import os
import tempfile
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_simulate_properties import CONDITIONS as PATH_CONDITIONS

from dipcheck.analysis.runtime import Handler
from dipcheck.config import Config
from dipcheck.engine import lint_file
from dipcheck.simulate import composite, explore
from dipcheck.simulate.children import load_child
from dipcheck.simulate.explore import Explorer
from dipcheck.simulate.graph import RunGraph
from dipcheck.simulate.runner import Machine
from dipcheck.simulate.scenario import Scenario

NEW_LINE = "onward = self._extend(route, transition) if list_paths else 0"


def _reference_run() -> Any:
    """``Explorer.run`` as it was: the route extended on every transition, and every fact
    gathered whoever asks."""
    source = textwrap.dedent(inspect.getsource(Explorer.run))
    assert NEW_LINE in source
    namespace = dict(vars(explore))
    exec(source.replace(NEW_LINE, "onward = self._extend(route, transition)"), namespace)
    extending = namespace["run"]

    def run(
        self: Explorer,
        start: Any,
        *,
        list_paths: bool = True,
        coarse: bool = False,
        facts: bool = True,
    ) -> Any:
        return extending(self, start, list_paths=list_paths, coarse=coarse, facts=True)

    return run


REFERENCE_RUN = _reference_run()


@contextmanager
def _as_it_was() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Explorer, "run", REFERENCE_RUN)
        yield


_CHILDREN = (Handler.SUBGRAPH, Handler.MANAGER_LOOP)
CONDITIONS = (*PATH_CONDITIONS, "ctx.flag = yes")


@st.composite
def _body(draw: st.DrawFn, name: str, prefix: str, extra: list[str]) -> str:
    """A small workflow: a chain of agents and tools with conditional edges, loops and
    ``extra`` (node declarations placed among them, e.g. a parallel block)."""
    count = draw(st.integers(2, 3))
    names = [f"{prefix}{index}" for index in range(count)]
    lines = [f"workflow {name}", f"  start: {names[0]}", f"  exit: {names[-1]}"]
    lines += ["  defaults", f"    max_restarts: {draw(st.integers(0, 1))}"]
    for node in names:
        if node != names[-1] and draw(st.booleans()):
            lines += [f"  tool {node}", f"    command: echo {node}"]
        else:
            lines += [f"  agent {node}", f"    prompt: do {node}"]
            if draw(st.booleans()):
                lines.append("    writes: flag")
    lines += extra
    lines.append("  edges")
    lines += chain_edges(draw, names, CONDITIONS)
    return "\n".join(lines) + "\n"


def chain_edges(draw: st.DrawFn, names: list[str], conditions: tuple[str, ...]) -> list[str]:
    """Each node's edge to the next, and at most one more from it to a drawn node, under a
    drawn condition (``""``: none)."""
    edges = []
    for source, following in itertools.pairwise(names):
        edges.append(f"    {source} -> {following}")
        for _ in range(draw(st.integers(0, 1))):
            target = draw(st.sampled_from(names))
            condition = draw(st.sampled_from(conditions))
            edges.append(f"    {source} -> {target}" + (f"  when {condition}" if condition else ""))
    return edges


def parallel_block(draw: st.DrawFn, branches: list[str]) -> list[str]:
    """The lines of a parallel block ``Fork`` … ``Join`` whose branches ``B0``, ``B1`` … are
    subgraphs of ``child.dip`` (``sub``, some with params) or agents."""
    lines: list[str] = []
    names = []
    for index, kind in enumerate(branches):
        branch = f"B{index}"
        names.append(branch)
        if kind == "sub":
            lines += [f"  subgraph {branch}", "    ref: child.dip"]
            if draw(st.booleans()):
                lines += ["    params:", f"      stream: s{index}"]
        else:
            lines += [f"  agent {branch}", f"    prompt: branch {index}"]
    return [
        *lines,
        f"  parallel Fork -> {', '.join(names)}",
        f"  fan_in Join <- {', '.join(names)}",
    ]


@st.composite
def _files(draw: st.DrawFn) -> dict[str, str]:
    """A parent running a parallel block of subgraph (and agent) branches, and its children."""
    child = draw(_body("Child", "C", []))
    branches = draw(st.lists(st.sampled_from(("sub", "agent")), min_size=1, max_size=2))
    parent = draw(_body("Parent", "P", parallel_block(draw, branches)))
    # the block runs after the first node, then the second: P0 -> Fork ... Join -> P1
    parent = parent.replace("    P0 -> P1\n", "    P0 -> Fork\n    Join -> P1\n", 1)
    files = {"parent.dip": parent, "child.dip": child}
    if draw(st.booleans()):  # the parent's own subgraph, outside the block
        files["parent.dip"] = parent.replace(
            "  edges\n", "  subgraph Solo\n    ref: child.dip\n  edges\n    P1 -> Solo\n", 1
        )
    return files


def _edge_names(machine: Machine) -> dict[int, str]:
    """Each edge of the parent and its children by its place, not its id (each side of the
    comparison reads the files anew)."""
    names: dict[int, str] = {}
    machines = [("", machine)]
    for node in machine.graph.nodes:
        child = (
            composite.child_of(machine, node) if machine.graph.handler(node) in _CHILDREN else None
        )
        if child is not None:
            machines.append((node, child))
    for owner, item in machines:
        for index, edge in enumerate(item.graph.all_edges):
            names.setdefault(id(edge), f"{owner}#{index}")
    return names


def _clean(text: str, root: str) -> str:
    """``text`` without the folder ``root``, absolute or relative to the working directory (a
    child loaded by a relative `ref` shows its path from there: run from another directory,
    the comparison kept it and failed)."""
    return text.replace(root, "").replace(os.path.relpath(root), "")


def _facts(found: Any, explorer: Explorer, names: dict[int, str], root: str) -> tuple[Any, ...]:
    return (
        found.states,
        found.truncated,
        found.halted,
        found.capped,
        sorted(names[item] for item in found.taken_edges),
        _clean(repr(found.stuck), root),
        sorted(found.routed),
        found.gate_checks,
        {names[edge]: seen for edge, seen in found.restart_edges.items()},
        found.succeeded,
        found.exhausted_restarts,
        found.fewest_restarts,
        [
            (repr(terminal.end), _clean(repr(terminal.steps), root), final)
            for terminal, final in explorer.finals
        ],
    )


def _observe(path: Path) -> tuple[Any, ...]:
    result = lint_file(str(path), Config(select=("DC4",)))
    assert result.workflow is not None
    machine = Machine(RunGraph(result.workflow), children=load_child)
    names = _edge_names(machine)
    root = str(path.parent)
    seen: list[Any] = []
    for coarse in (True, False):
        explorer = Explorer(machine, Scenario(), max_paths=0, max_states=400)
        found = explorer.run(explorer.machine.initial({}), list_paths=False, coarse=coarse)
        seen.append(_facts(found, explorer, names, root))
    shown = explore.explore(machine, max_paths=0, max_states=400)  # (lists paths: unchanged)
    seen.append([(repr(t.end), _clean(repr(t.steps), root)) for t in shown.paths])
    seen.append([_clean(repr(item), root) for item in result.diagnostics])
    return tuple(seen)


_FOLDERS = itertools.count()


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(files=_files())
def test_gathering_facts_without_routes_changes_nothing(files: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        observed = []
        for patched in (False, True):  # each in a fresh folder: no cached lint is reused
            root = Path(folder) / str(next(_FOLDERS))
            root.mkdir()
            for name, text in files.items():
                (root / name).write_text(text, encoding="utf-8")
            with _as_it_was() if patched else nullcontext():
                observed.append(_observe(root / "parent.dip"))
    now, before = observed
    assert now == before


def test_the_reference_is_the_old_code() -> None:
    """The reference differs from the explorer in the one line, and the line is there."""
    assert REFERENCE_RUN is not Explorer.run
    assert NEW_LINE in inspect.getsource(Explorer.run)

"""Bounded everywhere (issue 19 §1): every exploration and walk has a step, state and memory
budget with a clear note when it is reached, and recursion is bounded or iterative — for
nested parallel blocks, huge ``max_steps``, subgraph reference cycles, deep nesting and
megabytes of escapes.

The heavy cases run as processes with a memory limit and a timeout, so that a regression
fails the test instead of exhausting the machine."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import Finding, as_finding, dedent, lint, only
from helpers import run as lint_run
from hypothesis import given, settings
from hypothesis import strategies as st
from simulate_support import choice_gates

MEMORY = 512 << 20  # 0.1.0 took 1.4 GB for 7 MB of escapes


def run(
    *args: str | Path, cwd: Path, timeout: float = 120, memory: int = MEMORY
) -> subprocess.CompletedProcess[str]:
    """``python -m dipcheck ARGS`` under a limit of ``memory`` bytes of address space."""

    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *(str(arg) for arg in args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit_memory,
        check=False,
    )


# -- megabytes of escapes ----------------------------------------------------------------------

ESCAPED_DIP = 'workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: "{body}"\n'
ESCAPED_DOT = (
    'digraph G {{\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  a [prompt="{body}"]\n'
    "  start -> a -> exit\n}}\n"
)


@pytest.mark.parametrize(
    ("name", "template", "body"),
    [
        ("backslashes.dip", ESCAPED_DIP, "\\\\" * 3_500_000),
        ("quotes.dip", ESCAPED_DIP, 'a\\"' * 2_300_000),
        ("quotes.dot", ESCAPED_DOT, '\\"' * 3_500_000),
        ("newlines.dot", ESCAPED_DOT, "x\\n" * 2_300_000),
    ],
    # short ids: pytest puts the test id in PYTEST_CURRENT_TEST, and a 7 MB one would not fit
    # in the environment of the dipcheck process the test starts
    ids=["backslashes.dip", "quotes.dip", "quotes.dot", "newlines.dot"],
)
def test_seven_megabytes_of_escapes_stay_small(
    tmp_path: Path, name: str, template: str, body: str
) -> None:
    (tmp_path / name).write_text(template.format(body=body), encoding="utf-8")
    result = run("lint", "--isolated", "--no-cache", "--format", "concise", name, cwd=tmp_path)
    assert "MemoryError" not in result.stderr
    assert result.returncode in (0, 1), result.stderr[-2000:]
    assert "DC000" not in result.stdout


@pytest.mark.parametrize("where", ["label", "condition"])
def test_a_long_quoted_string_on_an_edge_is_lexed_in_bounded_memory(
    tmp_path: Path, where: str
) -> None:
    quoted = '"' + "x" * 3_000_000 + '\\"' * 1_500_000 + '"'
    attribute = f"label: {quoted}" if where == "label" else f"when ctx.outcome = {quoted}"
    text = (
        "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
        f"    prompt: b\n  edges\n    A -> B {attribute}\n"
    )
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    result = run("lint", "--isolated", "--no-cache", "--format", "concise", "w.dip", cwd=tmp_path)
    assert "MemoryError" not in result.stderr
    assert result.returncode in (0, 1), result.stderr[-2000:]
    assert "DC000" not in result.stdout


def test_a_position_after_many_escapes_is_exact() -> None:
    """The packed map of a value with more escapes than the per-escape map keeps (and the
    same in DOT, where the escaped character maps to its backslash)."""
    escapes = '\\"' * 600
    text = dedent(
        f"""
        workflow W
          start: A
          exit: A
          agent A
            prompt: "{escapes} ${{ctx.never_written}} done"
        """
    )
    found = only(lint(text), "DC102")
    column = text.splitlines()[4].index("${ctx.never_written}") + 1
    assert [(item.start, item.text) for item in found] == [
        ((5, column), "${ctx.never_written}"),
    ]


@pytest.mark.parametrize("count", [3, 600])
def test_dip_escapes_decode_the_same_either_way(count: int) -> None:
    from dipcheck.frontends.dip_fields import decode_string
    from dipcheck.source import SourceText

    source = SourceText("x.dip", "")
    body = ('a\\"b\\\\' * count) + '\\x\\\\\\"'
    decoded, quoted = decode_string(f'"{body}"', source, 10)
    assert quoted
    assert decoded.value == ('a"b\\' * count) + '\\x\\"'
    # each character maps to its own place in the source: after the quote, past escapes
    expected = []
    position = 11
    index = 0
    while index < len(body):
        if body[index] == "\\" and index + 1 < len(body) and body[index + 1] in '"\\':
            expected.append(position + 1)
            position += 2
            index += 2
        else:
            expected.append(position)
            position += 1
            index += 1
    assert [decoded.offset(i) for i in range(len(decoded.value))] == expected


# -- the simulator's budgets -----------------------------------------------------------------


def _nested_parallels(levels: int) -> str:
    """P0 runs P1 and X0 as branches, P1 runs P2 and X1 …: each level's parallel.results holds
    the one below it JSON-encoded (so its size doubles at every level)."""
    lines = ["workflow W", "  start: S", "  exit: E", "  agent S", "    prompt: s"]
    lines += ["  agent E", "    prompt: e", "  agent L", "    prompt: l"]
    for level in range(levels):
        inner = f"P{level + 1}" if level + 1 < levels else "L"
        lines += [f"  parallel P{level} -> {inner}, X{level}"]
        lines += [f"  agent X{level}", '    prompt: do "it" now']
        lines += [f"  fan_in J{level} <- {inner}, X{level}"]
    lines += ["  edges", "    S -> P0", "    J0 -> E"]
    lines += [f"    P{level} -> J{level}" for level in range(levels)]
    return "\n".join(lines) + "\n"


def _shared_parallels(levels: int) -> str:
    """A{i} and B{i} both run A{i+1} and B{i+1}: 2**levels branch runs."""
    lines = ["workflow W", "  start: S", "  exit: E", "  agent S", "    prompt: s"]
    lines += ["  agent E", "    prompt: e"]
    for level in range(levels):
        for side in "AB":
            if level + 1 < levels:
                lines += [f"  parallel {side}{level} -> A{level + 1}, B{level + 1}"]
            else:
                lines += [f"  agent {side}{level}", "    prompt: x"]
    lines += ["  fan_in J <- A1, B1", "  edges", "    S -> A0", "    A0 -> J", "    J -> E"]
    return "\n".join(lines) + "\n"


def _status(output: str) -> str:
    return next(line for line in output.splitlines() if line.startswith("status: "))


def test_deeply_nested_parallels_stop_at_the_nesting_limit(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(_nested_parallels(26), encoding="utf-8")
    result = run("simulate", "w.dip", cwd=tmp_path)
    assert "MemoryError" not in result.stderr and "Traceback" not in result.stderr
    assert _status(result.stdout) == (
        "status: max_steps — node 'P16' runs inside 16 parallel branches and child workflows, "
        "the simulator's limit; the dry run stops here"
    )


def test_nested_results_keep_a_placeholder_beyond_their_budget(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(_nested_parallels(15), encoding="utf-8")
    result = run("simulate", "w.dip", cwd=tmp_path)
    assert _status(result.stdout).startswith("status: success")
    assert "parallel.results keeps a placeholder for P" in result.stdout


def test_shared_nested_parallels_stop_at_the_work_budget(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(_shared_parallels(17), encoding="utf-8")
    result = run("simulate", "w.dip", cwd=tmp_path, timeout=90)
    assert _status(result.stdout) == (
        "status: max_steps — node 'A0' needs more than 20000 branch runs and child steps "
        "inside it (nested parallel blocks and child workflows), the simulator's limit; the "
        "dry run stops here"
    )


PARALLEL_CYCLE = dedent(
    """
    workflow W
      start: S
      exit: E
      agent S
        prompt: s
      agent E
        prompt: e
      parallel P -> Q, X
      parallel Q -> P, Y
      agent X
        prompt: x
      agent Y
        prompt: y
      fan_in J <- Q, X
      edges
        S -> P
        P -> J
        J -> E
    """
)


def test_a_parallel_that_runs_itself_stops_with_a_note(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(PARALLEL_CYCLE, encoding="utf-8")
    result = run("simulate", "w.dip", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert _status(result.stdout) == (
        "status: max_steps — parallel node 'P' runs itself again through its branches "
        "(P → Q → P): tracker would nest it without end; the dry run stops here"
    )
    lint_run = run(
        "lint", "--isolated", "--no-cache", "--extend-select", "DC4", "w.dip", cwd=tmp_path
    )
    assert "DC000" not in lint_run.stdout


RESTARTING = dedent(
    """
    workflow W
      start: A
      exit: E
      defaults
        max_restarts: 1000000000
      agent A
        prompt: a
      agent B
        prompt: b
      agent E
        prompt: e
      edges
        A -> B
        B -> A
    """
)


def test_max_steps_of_a_billion_stops_at_the_ceiling(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(RESTARTING, encoding="utf-8")
    (tmp_path / "s.yaml").write_text("max_steps: 1000000000\n", encoding="utf-8")
    for extra in (("--scenario", "s.yaml"), ("--max-steps", "1000000000")):
        result = run("simulate", "w.dip", *extra, cwd=tmp_path, timeout=90)
        assert _status(result.stdout) == (
            "status: max_steps — the simulation stopped after 10000 steps (max_steps) "
            "(max_steps 1000000000 is above the simulator's ceiling of 10000); the runtime "
            "has no such limit"
        )


def test_a_long_exploration_stops_at_the_memory_limit(tmp_path: Path) -> None:
    # a 150 KB workflow and a 16-byte scenario: the 20,000-state budget let the queued states
    # take 2 GB (each holds its run's completions, outcomes and visits, 3,000 steps long)
    (tmp_path / "w.dip").write_text(choice_gates(1000), encoding="utf-8")
    (tmp_path / "s.yaml").write_text("max_steps: 3000\n", encoding="utf-8")
    result = run(
        "simulate", "--all-paths", "--scenario", "s.yaml", "w.dip", cwd=tmp_path, memory=1 << 30
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "(incomplete: the memory limit (512 MB) was reached)" in result.stdout


def test_running_out_of_memory_is_said_in_one_line(tmp_path: Path) -> None:
    # under a limit below the exploration's own (ulimit -v, a container's): a MemoryError
    # traceback and "internal error (a bug in dipcheck)" before
    (tmp_path / "w.dip").write_text(choice_gates(1000), encoding="utf-8")
    (tmp_path / "s.yaml").write_text("max_steps: 3000\n", encoding="utf-8")
    result = run("simulate", "--all-paths", "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2,
        "dipcheck simulate: out of memory: the input needs more than this process may use (a "
        "smaller input, or for simulate a lower --max-steps, needs less)\n",
    )


def test_an_exploration_notes_the_memory_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from dipcheck.engine import lint_text
    from dipcheck.simulate import explore as exploring
    from dipcheck.simulate.graph import RunGraph
    from dipcheck.simulate.runner import Machine

    workflow = lint_text(choice_gates(30), "w.dip").workflow
    assert workflow is not None
    machine = Machine(RunGraph(workflow))
    # at the start, at the first look (before any state), then 2 MB more at the second
    readings = iter([100, 100, 100 + (2 << 20)])
    monkeypatch.setattr(exploring, "resident", lambda: next(readings))
    cut = exploring.explore(machine, max_paths=0, max_memory=1 << 20)
    assert cut.truncated.startswith("the memory limit (1 MB) was reached")
    assert cut.states == exploring._CLOCK_EVERY
    # its twin: the same exploration where the memory cannot be read runs to its state limit
    monkeypatch.setattr(exploring, "resident", lambda: None)
    whole = exploring.explore(machine, max_paths=0, max_memory=1 << 20)
    assert whole.truncated.startswith("the state limit (20000) was reached")


SUPERVISING = dedent(
    """
    workflow P
      start: Supervise
      exit: Done
      manager_loop Supervise
        subgraph_ref: child.dip
        max_cycles: 999999999999999999
        stop_condition: stack.child.cycles = 0
        steer_condition: stack.child.cycles != 0
        steer_context:
          hint: halfway
      agent Done
        label: Done
      edges
        Supervise -> Done
    """
)


@pytest.mark.parametrize("cycles", [100_000_000, 10_000])
def test_a_manager_loop_polled_a_hundred_million_times_stops_at_the_limit(
    tmp_path: Path, cycles: int
) -> None:
    """A scenario's `cycles:` polled the child that many times, up to a 64-bit `max_cycles`:
    100,000,000 polls ran past a minute, keeping a note for each. Past 10,000 polls the dry
    run stops with a note; 10,000 (the twin) still run to the end."""
    import resource

    (tmp_path / "p.dip").write_text(SUPERVISING, encoding="utf-8")
    (tmp_path / "child.dip").write_text(
        "workflow C\n  start: A\n  exit: A\n  agent A\n    prompt: a\n", encoding="utf-8"
    )
    (tmp_path / "s.yaml").write_text(f"nodes:\n  Supervise: {{cycles: {cycles}}}\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    result = run("simulate", "--scenario", "s.yaml", "p.dip", cwd=tmp_path, timeout=90)
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before < 20  # (1 s)
    if cycles == 10_000:
        assert _status(result.stdout).startswith("status: success"), result.stdout[-2000:]
        return
    assert result.returncode == 1, result.stderr[-2000:]
    assert _status(result.stdout) == (
        "status: max_steps — manager loop 'Supervise' polls its child more than 10000 times "
        "(cycles: 100000000, max_cycles 999999999999999999), the simulator's limit; the dry "
        "run stops here"
    )


# -- subgraph reference cycles ---------------------------------------------------------------

REFERRING = dedent(
    """
    workflow {name}
      start: S
      exit: E
      subgraph S
        ref: {ref}
      agent E
        prompt: e
      edges
        S -> E
    """
)


def _cycle(directory: Path, back: str = "a.dip") -> None:
    (directory / "a.dip").write_text(REFERRING.format(name="A", ref="b.dip"), encoding="utf-8")
    (directory / "b.dip").write_text(REFERRING.format(name="B", ref=back), encoding="utf-8")
    (directory / "c.dip").write_text(
        "workflow C\n  start: E\n  exit: E\n  agent E\n    prompt: e\n", encoding="utf-8"
    )


def test_dc335_reports_a_cycle_of_refs(tmp_path: Path) -> None:
    from helpers import as_finding

    from dipcheck.engine import lint_file

    _cycle(tmp_path)
    found = [
        as_finding(item)
        for item in lint_file(str(tmp_path / "a.dip")).diagnostics
        if item.code == "DC335"
    ]
    assert found == [Finding("DC335", "warning", (5, 10), (5, 15), "b.dip")]
    message = next(
        item.message for item in lint_file(str(tmp_path / "a.dip")).diagnostics
        if item.code == "DC335"
    )  # fmt: skip
    assert "(a.dip → b.dip → a.dip)" in message


def test_dc335_twin_a_chain_that_ends(tmp_path: Path) -> None:
    from dipcheck.engine import lint_file

    _cycle(tmp_path, back="c.dip")
    assert not [
        item for item in lint_file(str(tmp_path / "a.dip")).diagnostics if item.code == "DC335"
    ]


DOT_REFERRING = (
    "digraph {name} {{\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n"
    '  Sub [shape=tab, subgraph_ref="{ref}"]\n  S -> Sub -> E\n}}\n'
)


@pytest.mark.parametrize(("back", "found"), [("a.dot", 1), ("c.dot", 0)])
def test_dc335_in_dot_pipelines_and_its_twin(tmp_path: Path, back: str, found: int) -> None:
    from helpers import as_finding

    from dipcheck.engine import lint_file

    (tmp_path / "a.dot").write_text(DOT_REFERRING.format(name="A", ref="b.dot"), "utf-8")
    (tmp_path / "b.dot").write_text(DOT_REFERRING.format(name="B", ref=back), "utf-8")
    (tmp_path / "c.dot").write_text(
        "digraph C {\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n  S -> E\n}\n", "utf-8"
    )
    items = [
        as_finding(item)
        for item in lint_file(str(tmp_path / "a.dot")).diagnostics
        if item.code == "DC335"
    ]
    assert items == [Finding("DC335", "warning", (4, 33), (4, 38), "b.dot")][:found]


def test_dc335_a_workflow_that_runs_itself(tmp_path: Path) -> None:
    from dipcheck.engine import lint_file

    (tmp_path / "a.dip").write_text(REFERRING.format(name="A", ref="a.dip"), encoding="utf-8")
    codes = [item.code for item in lint_file(str(tmp_path / "a.dip")).diagnostics]
    assert codes.count("DC335") == 1


def test_simulating_a_cycle_of_refs_stops_with_a_note(tmp_path: Path) -> None:
    _cycle(tmp_path)
    result = run("simulate", "a.dip", cwd=tmp_path)
    assert "RecursionError" not in result.stderr
    assert _status(result.stdout) == (
        "status: max_steps — the child workflow 'b.dip' stopped: subgraph node 'S' references "
        "'a.dip', which is already running above it (a.dip → b.dip → a.dip): tracker would "
        "start it again without end (§5.7); the dry run stops here"
    )
    lint_run = run(
        "lint", "--isolated", "--no-cache", "--extend-select", "DC4", "--format", "concise", ".",
        cwd=tmp_path,
    )  # fmt: skip
    assert "DC000" not in lint_run.stdout
    assert lint_run.stdout.count("DC335") == 2


def test_a_wide_tree_of_children_is_walked_within_a_budget(tmp_path: Path) -> None:
    """Twelve files, each running the next four times: 4**11 chains of refs."""
    for level in range(12):
        lines = [f"workflow F{level}", "  start: S0", "  exit: E"]
        if level < 11:
            lines += [f"  subgraph S{k}\n    ref: f{level + 1}.dip" for k in range(4)]
            edges = ["    S0 -> S1", "    S1 -> S2", "    S2 -> S3", "    S3 -> E"]
        else:
            lines += ["  agent S0", "    prompt: x"]
            edges = ["    S0 -> E"]
        lines += ["  agent E", "    prompt: e", "  edges", *edges]
        (tmp_path / f"f{level}.dip").write_text("\n".join(lines) + "\n", encoding="utf-8")
    lint_run = run("lint", "--isolated", "--no-cache", "f0.dip", cwd=tmp_path, timeout=60)
    assert lint_run.returncode in (0, 1), lint_run.stderr[-2000:]
    result = run("simulate", "f0.dip", cwd=tmp_path, timeout=60)
    assert "branch runs and child steps" in _status(result.stdout)


# -- DOT defaults ----------------------------------------------------------------------------


def _defaults_before_nodes(count: int, per_node: bool) -> str:
    """``count`` nodes, each after a `node [...]` default of its own (``per_node``: every
    node takes a copy of all the defaults before it), or after one default of all the keys."""
    if per_node:
        body = "".join(
            f"  node [x{number}=y]\n  N{number} [shape=box, prompt=p]\n" for number in range(count)
        )
    else:
        keys = ", ".join(f"x{number}=y" for number in range(20))
        body = f"  node [{keys}]\n" + "".join(
            f"  N{number} [shape=box, prompt=p]\n" for number in range(count)
        )
    edges = "".join(f"  S -> N{number} -> E\n" for number in range(count))
    return f"digraph G {{\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n{body}{edges}}}\n"


def test_defaults_giving_too_many_attributes_stop_the_file() -> None:
    """6,000 `node [...]` defaults before 6,000 nodes gave them 18 million attributes (each
    node a copy of every default before it): two and a half minutes. Past 200,000 the file is
    not read further, with a DC002 at the node that passed the limit."""
    import time

    from dipcheck.frontends.dot_walk import MAX_INHERITED

    assert MAX_INHERITED == 200_000
    text = _defaults_before_nodes(6000, per_node=True)
    started = time.perf_counter()
    found = lint_run(text, "<t>.dot").diagnostics
    assert time.perf_counter() - started < 30
    # node k (from 0) inherits the k + 1 defaults before it: the sum passes 200,000 at
    # k = 631, on line 5 + 2k
    assert [as_finding(item) for item in found] == [
        Finding("DC002", "error", (1267, 3), (1267, 7), "N631")
    ]
    assert found[0].message == (
        "the file holds more than 200,000 attributes given by `node [...]` and `edge [...]` "
        "defaults (each `${…}` in a value counted as 5), over dipcheck's limit for one "
        "workflow: it stops reading here and checks nothing in the file; split the workflow "
        "into smaller files"
    )


def _placeholder_default(placeholders: int, nodes: int) -> str:
    body = "".join(f"  N{number} [prompt=p]\n" for number in range(nodes))
    chain = " -> ".join(f"N{number}" for number in range(nodes))
    return (
        f'digraph G {{\n  node [shape=box, fidelity="{"${ctx.x}" * placeholders}"]\n'
        f"  S [shape=Mdiamond]\n  E [shape=Msquare]\n{body}  S -> {chain} -> E\n}}\n"
    )


def test_a_default_full_of_placeholders_counts_each_of_them() -> None:
    """One `node [...]` default holding `${ctx.x}` 30,000 times, given to 1,000 nodes, was 30
    million references to check: a 270 KB file ran past two minutes and 750 MB. A placeholder
    in an inherited value now counts as the five tokens it is made of: `E`, the second node to
    take the default (after `S`), passes the limit."""
    import time

    text = _placeholder_default(30_000, 1000)
    started = time.perf_counter()
    found = lint_run(text, "<t>.dot").diagnostics
    assert time.perf_counter() - started < 30
    assert [as_finding(item) for item in found] == [Finding("DC002", "error", (4, 3), (4, 4), "E")]


def test_a_default_with_a_few_placeholders_is_given_to_every_node() -> None:
    """The twin: three placeholders given to 1,000 nodes (16,000 counted) are read."""
    found = lint_run(_placeholder_default(3, 1000), "<t>.dot").diagnostics
    assert "DC002" not in {item.code for item in found}
    assert {item.code for item in found} >= {"DC102"}


def test_defaults_within_the_limit_are_given_to_every_node() -> None:
    """The twin: 20 defaults before 5,000 nodes (100,000 attributes) are read as before."""
    text = _defaults_before_nodes(5000, per_node=False)
    codes = {item.code for item in lint_run(text, "<t>.dot").diagnostics}
    assert "DC002" not in codes
    assert "DC004" in codes  # the unknown `x…` keys of the default


# -- deep nesting ----------------------------------------------------------------------------


def test_six_hundred_nested_dot_subgraphs_are_a_finding(tmp_path: Path) -> None:
    depth = 600
    text = (
        "digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  "
        + "subgraph { " * depth
        + 'a [shape=box, prompt="p"]'
        + " }" * depth
        + "\n  start -> a -> exit\n}\n"
    )
    (tmp_path / "deep.dot").write_text(text, encoding="utf-8")
    result = run(
        "lint", "--isolated", "--no-cache", "--format", "concise", "deep.dot", cwd=tmp_path
    )
    # the 101st subgraph's brace (the graph's own is not counted)
    column = len("  ") + 100 * len("subgraph { ") + len("subgraph ") + 1
    assert result.stdout.splitlines()[0] == (
        f"deep.dot:4:{column}: DC001 [error] subgraphs nest deeper than 100 levels here; "
        "dipcheck does not read the file further (YAML step workflows have the same limit)"
    )


def test_a_hundred_nested_dot_subgraphs_are_read(tmp_path: Path) -> None:
    depth = 100
    text = (
        "digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  "
        + "subgraph { " * depth
        + 'a [shape=box, prompt="p"]'
        + " }" * depth
        + "\n  start -> a -> exit\n}\n"
    )
    (tmp_path / "deep.dot").write_text(text, encoding="utf-8")
    result = run(
        "lint", "--isolated", "--no-cache", "--format", "concise", "deep.dot", cwd=tmp_path
    )
    assert "DC001" not in result.stdout and "DC000" not in result.stdout


@pytest.mark.parametrize("style", ["flow", "block"])
def test_a_deeply_nested_scenario_is_an_error(tmp_path: Path, style: str) -> None:
    if style == "flow":
        text = "context:\n  a: " + "[" * 3000 + "]" * 3000 + "\n"
    else:  # (900 levels of indentation stay under the scenario's 1 MiB)
        text = "context:\n" + "".join("  " * (1 + i) + f"k{i}:\n" for i in range(900))
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: a\n")
    result = run("simulate", "w.dip", "--scenario", "s.yaml", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert "s.yaml:1:1: the scenario nests too deep to read" in result.stderr


@pytest.mark.parametrize("style", ["flow", "block"])
def test_a_deeply_nested_test_file_is_an_error(tmp_path: Path, style: str) -> None:
    """As a scenario is: the YAML reader's RecursionError was a traceback of `dipcheck test`."""
    if style == "flow":
        text = "tests:\n  - name: t\n    expect:\n      path: " + "[" * 3000 + "]" * 3000 + "\n"
    else:
        text = "tests:\n  - name: t\n    nodes:\n" + "".join(
            "  " * (3 + i) + f"k{i}:\n" for i in range(900)
        )
    (tmp_path / "w.tests.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: a\n")
    result = run("test", cwd=tmp_path)
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 2
    assert "w.tests.yaml ERROR\n  w.tests.yaml:1:1: the test file nests too deep to read\n" in (
        result.stdout
    )


def test_a_deeply_nested_plan_scenario_is_an_error(tmp_path: Path) -> None:
    import json

    task = {"type": "ai", "assignedRunner": "codex", "autonomy": "AFK", "sliceType": "AFK"}
    plan = {"tasks": [{**task, "id": "a", "title": "A", "prompt": "do a"}]}
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    (tmp_path / "s.yaml").write_text("tasks: " + "[" * 3000 + "]" * 3000 + "\n")
    result = run("simulate", "--isolated", "--scenario", "s.yaml", "plan.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "dipcheck simulate: error: s.yaml:1:1: the scenario nests too deep to read\n"
    )


@pytest.mark.parametrize("name", ["pyproject.toml", "dipcheck.toml"])
def test_a_deeply_nested_configuration_is_an_error(tmp_path: Path, name: str) -> None:
    table = "[tool.dipcheck]\n" if name == "pyproject.toml" else ""
    depth = 3000
    (tmp_path / name).write_text(f"{table}select = {'[' * depth}{']' * depth}\n")
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: a\n")
    result = run("lint", "w.dip", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert f"{name}: arrays or tables nest too deep to read" in result.stderr


@pytest.mark.parametrize("kind", ["arrays", "objects", "huge-index", "huge-count"])
def test_a_hostile_coverage_file_is_an_error(tmp_path: Path, kind: str) -> None:
    """`graph --coverage FILE`: 100,000 nested brackets (RecursionError) and a 5,000-digit
    number (ValueError: past Python's int conversion) were tracebacks; a number past 64 bits
    is no whole number (an error for `index`, not a count of hits)."""
    huge = "9" * 5000
    documents = {
        "arrays": "[" * 100_000 + "]" * 100_000,
        "objects": '{"a":' * 100_000 + "1" + "}" * 100_000,
        "huge-index": '{"file": "w.dip", "edges": [{"from": "A", "to": "B", "index": %s}]}',
        "huge-count": '{"file": "w.dip", "edges": [{"from": "A", "to": "B", "hits": %s}]}',
    }
    (tmp_path / "c.json").write_text(documents[kind].replace("%s", huge), encoding="utf-8")
    (tmp_path / "w.dip").write_text(
        "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
        "    prompt: b\n  edges\n    A -> B\n",
        encoding="utf-8",
    )
    result = run("graph", "--coverage", "c.json", "w.dip", cwd=tmp_path)
    if kind == "huge-count":
        assert result.returncode == 0, result.stderr
        assert "n0 --> n1" in result.stdout, result.stdout  # (covered: the edge is drawn solid)
        return
    assert result.returncode == 2, result.stderr
    assert (
        result.stderr
        == {
            "arrays": "dipcheck graph: error: c.json: not a coverage document: arrays or objects "
            "nest too deep to read\n",
            "objects": "dipcheck graph: error: c.json: not a coverage document: arrays or objects "
            "nest too deep to read\n",
            "huge-index": "dipcheck graph: error: c.json: `index` must be a whole number ≥ 0: "
            "{'from': 'A', 'to': 'B', 'index': inf}\n",
        }[kind]
    )


def test_the_parent_scan_keeps_a_bounded_amount_of_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The texts of the sibling workflows read while looking for a file's parents are kept
    for the next lint, within a character budget: a language server open in a directory of
    large workflows does not hold them all. The parent is still found."""
    from dipcheck import workspace

    monkeypatch.setattr(workspace, "_CANDIDATES", workspace.OrderedDict())
    monkeypatch.setattr(workspace, "_candidate_chars", 0)
    monkeypatch.setattr(workspace, "_MAX_CANDIDATE_CHARS", 50_000)
    child = "workflow C\n  start: A\n  exit: A\n  agent A\n    prompt: hi\n"
    (tmp_path / "child.dip").write_text(child, encoding="utf-8")
    (tmp_path / "parent.dip").write_text(
        "workflow P\n  start: S\n  exit: S\n  subgraph S\n    ref: child.dip\n", encoding="utf-8"
    )
    filler = "# " + "x" * 20_000 + "\nworkflow F\n  start: A\n  exit: A\n  agent A\n    prompt: x\n"
    for number in range(10):
        (tmp_path / f"other{number}.dip").write_text(filler, encoding="utf-8")
    links = workspace.Workspace().parents(str(tmp_path / "child.dip"))
    assert [Path(link.path).name for link in links] == ["parent.dip"]
    kept = sum(len(entry[1]) for entry in workspace._CANDIDATES.values())
    assert kept == workspace._candidate_chars <= 50_000
    assert len(workspace._CANDIDATES) < 11


def test_a_message_quoting_a_huge_name_is_cut(tmp_path: Path) -> None:
    """A step name of 300,000 characters was quoted whole by every message naming it (a
    300 KB message per finding, in every report and editor hover): messages and related
    notes stop after MAX_MESSAGE characters and say how many were left out."""
    from dipcheck.diagnostics import MAX_MESSAGE

    name = "Approve" + " and" * 5_000
    text = dedent(
        f"""
        workflow W
          start: {name}x
          exit: Done
          agent Done
            prompt: done
          agent {name.replace(" ", "")}
            prompt: hi
        """
    )
    found = lint_run(text).diagnostics
    messages = [item.message for item in found]
    messages += [note.message for item in found for note in item.related]
    assert found and all(len(message) <= MAX_MESSAGE for message in messages)
    cut = [message for message in messages if message.endswith(" more characters)")]
    assert cut and all("… (" in message[MAX_MESSAGE - 40 :] for message in cut)
    short = lint_run(text.replace(name, "Approve")).diagnostics
    assert short and not any(item.message.endswith(" more characters)") for item in short)


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=1, max_size=5).map(lambda part: part * 1_000), st.integers(0, 3_000))
def test_a_cut_message_says_what_went_and_is_not_cut_again(part: str, length: int) -> None:
    # a message read back from the cache or a worker is made again: it was cut a second time
    # ("… (87122 more characters)" became "… (25 more characters)")
    from dipcheck.diagnostics import MAX_MESSAGE, bounded

    message = (part * 3)[:length] if length else part
    cut = bounded(message)
    assert len(cut) <= MAX_MESSAGE and bounded(cut) == cut
    if len(message) <= MAX_MESSAGE:
        assert cut == message
    else:
        kept, _, note = cut.rpartition("… (")
        assert message.startswith(kept)
        assert note == f"{len(message) - len(kept)} more characters)"


@pytest.mark.parametrize("fmt", ["dot", "dip", "yaml"])
def test_a_file_full_of_one_problem_keeps_a_thousand_findings(fmt: str) -> None:
    """300 KB of adjacent empty DOT strings made 300,000 findings (600 MB, tools/fuzz.py dot
    seed 6161 #28), and a 100 KB step workflow 100,000 (tools/fuzz.py yaml seed 1204 #5683):
    a front-end keeps MAX_PER_CODE findings of a code per file, the last one saying how many
    more there are. Its twin: at the limit, nothing is said."""
    from dipcheck.diagnostics import MAX_PER_CODE

    def workflow(repeats: int) -> tuple[str, str, str]:
        if fmt == "yaml":
            keys = "".join("    agent: x\n" for _ in range(repeats + 1))
            return f"steps:\n  - name: a\n    prompt: p\n{keys}", "<t>.steps.yaml", "DC006"
        if fmt == "dot":
            keys = ", ".join("label=x" for _ in range(repeats + 1))
            text = (
                "digraph G {\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n"
                f"  A [shape=box, prompt=p, {keys}]\n  S -> A -> E\n}}\n"
            )
            return text, "<t>.dot", "DC006"
        fields = "".join(f"    unknown_{number}: x\n" for number in range(repeats))
        text = f"workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: p\n{fields}"
        return text, "<t>.dip", "DC004"

    text, path, code = workflow(MAX_PER_CODE + 500)
    found = [item for item in lint_run(text, path).diagnostics if item.code == code]
    assert len(found) == MAX_PER_CODE
    noted = [item for item in found if item.message.endswith("in this file are not shown)")]
    assert len(noted) == 1 and f"(500 more {code} findings" in noted[0].message
    text, path, code = workflow(MAX_PER_CODE)
    found = [item for item in lint_run(text, path).diagnostics if item.code == code]
    assert len(found) == MAX_PER_CODE
    assert not any("not shown" in item.message for item in found)


def _dot_chain(links: int) -> str:
    """A DOT pipeline whose one line holds ``links`` edges `A -> A`: DIP003 for each end of
    each edge (`A` is not declared) and DIP009 for each edge after the first."""
    chain = " -> ".join(["A"] * (links + 1))
    return f"digraph G {{\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n  S -> E\n  {chain}\n}}\n"


def test_a_rule_keeps_a_thousand_findings_of_its_code_per_file() -> None:
    """A 60,000-edge DOT chain on an undeclared node made 180,000 rule findings (tools/fuzz.py
    dot seed 1208 #20774: 7.7 s to lint, then 30 s and 880 MB to print them as JSON): the
    engine keeps MAX_PER_CODE findings of each code, as the front-ends do, and the last one
    kept (by position) says how many more there are."""
    from dipcheck.diagnostics import MAX_PER_CODE

    found = lint_run(_dot_chain(MAX_PER_CODE + 299), "<t>.dot").diagnostics  # 1,298 repeats
    repeated = [item for item in found if item.code == "DIP009"]
    assert len(repeated) == MAX_PER_CODE
    assert len([item for item in found if item.code == "DIP003"]) == MAX_PER_CODE
    # the last one kept is the chain's 1,001st edge (the first is not a repeat), on line 5
    column = 3 + 5 * MAX_PER_CODE
    assert as_finding(repeated[-1]) == ("DIP009", "error", (5, column), (5, column + 6), "A -> A")
    assert repeated[-1].message.endswith("(298 more DIP009 findings in this file are not shown)")
    assert not any("not shown" in item.message for item in repeated[:-1])


def test_a_rule_at_the_limit_says_nothing_more() -> None:
    """The twin: exactly MAX_PER_CODE repeated edges are all shown, none with a note."""
    from dipcheck.diagnostics import MAX_PER_CODE

    found = lint_run(_dot_chain(MAX_PER_CODE + 1), "<t>.dot").diagnostics
    repeated = [item for item in found if item.code == "DIP009"]
    assert len(repeated) == MAX_PER_CODE
    assert not any("not shown" in item.message for item in repeated)


def test_suppressed_findings_do_not_count_against_the_limit() -> None:
    """The limit applies to what suppressions leave: 1,300 repeated edges of which 400 are
    suppressed show 900 findings, not the 600 left if the limit came first."""
    lines = [
        ("  // dipcheck: ignore[DIP009] generated\n" if 1 <= index <= 400 else "") + "  A -> A"
        for index in range(1301)
    ]
    text = (
        "digraph G {\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n  A [shape=box, prompt=p]\n"
        "  S -> A -> E\n" + "\n".join(lines) + "\n}\n"
    )
    found = lint_run(text, "<t>.dot").diagnostics
    repeated = [item for item in found if item.code == "DIP009"]
    assert len(repeated) == 900
    assert not any("not shown" in item.message for item in found)
    assert not [item for item in found if item.code == "DC901"]


@pytest.mark.parametrize("fmt", ["dot", "dip", "yaml"])
def test_unknown_names_past_the_limit_get_no_did_you_mean_search(
    fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """75,000 unknown DOT attributes took 20 s (tools/fuzz.py dot seed 1204 #778), nearly all
    of it the did-you-mean search of findings past MAX_PER_CODE, which are only counted. Its
    twin: under the limit, every unknown name is searched and its suggestion shown."""
    from dipcheck import suggest
    from dipcheck.diagnostics import MAX_PER_CODE

    searched: list[str] = []
    real = suggest.closest

    def counted(word: str, candidates: object, *args: object, **kwargs: object) -> str | None:
        searched.append(word)
        return real(word, candidates, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(suggest, "closest", counted)

    def workflow(count: int) -> tuple[str, str]:
        if fmt == "yaml":
            keys = "".join(f"    promp{number}: x\n" for number in range(count))
            return f"steps:\n  - name: a\n    prompt: p\n{keys}", "<t>.steps.yaml"
        if fmt == "dot":
            keys = ", ".join(f"labl{number}=x" for number in range(count))
            text = (
                "digraph G {\n  S [shape=Mdiamond]\n  E [shape=Msquare]\n"
                f"  A [shape=box, prompt=p, {keys}]\n  S -> A -> E\n}}\n"
            )
            return text, "<t>.dot"
        fields = "".join(f"    labl{number}: x\n" for number in range(count))
        return f"workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: p\n{fields}", "<t>.dip"

    # one edit from a known name, for the first ten numbers
    stem, known = ("promp", "prompt") if fmt == "yaml" else ("labl", "label")
    text, path = workflow(MAX_PER_CODE + 2000)
    found = [item for item in lint_run(text, path).diagnostics if item.code == "DC004"]
    assert len(found) == MAX_PER_CODE
    assert "(2000 more DC004 findings" in found[-1].message
    assert sum(word.startswith(stem) for word in searched) == MAX_PER_CODE
    searched.clear()
    text, path = workflow(10)
    found = [item for item in lint_run(text, path).diagnostics if item.code == "DC004"]
    assert len(found) == 10
    assert sum(word.startswith(stem) for word in searched) == 10
    assert all(f"did you mean `{known}`?" in item.message for item in found)


@pytest.mark.parametrize("count", [1000, 2500])
def test_unread_keys_past_the_limit_get_no_did_you_mean_search(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A workflow reading thousands of keys nobody writes searched a did-you-mean for each
    (10,000 nodes: a second), though only the first MAX_PER_CODE findings are shown; the
    search is now left to the findings kept. Its twin, at the limit: every one searched."""
    from dipcheck.diagnostics import MAX_PER_CODE
    from dipcheck.rules import availability

    assert MAX_PER_CODE == 1000  # the first case is at the limit
    searched: list[str] = []
    real = availability.closest

    def counted(word: str, candidates: object, *args: object, **kwargs: object) -> str | None:
        searched.append(word)
        return real(word, candidates, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(availability, "closest", counted)
    nodes = "".join(
        f"  agent A{number}\n    writes: kept_{number}\n    prompt: Use ${{ctx.kepd_{number}}}.\n"
        for number in range(count)
    )
    edges = "".join(f"    A{number} -> A{number + 1}\n" for number in range(count - 1))
    text = f"workflow W\n  start: A0\n  exit: A{count - 1}\n{nodes}  edges\n{edges}"
    found = [item for item in lint_run(text, "<t>.dip").diagnostics if item.code == "DC102"]
    assert len(found) == MAX_PER_CODE
    assert len(set(searched)) == MAX_PER_CODE
    first = found[0]
    assert first.message == (
        "`A0` reads context key `kepd_0` in its `prompt`, but no node in this workflow "
        "writes it (did you mean `kept_0`?): fix the key name, or declare it in an upstream node's "
        "`writes:` (until then it expands to an empty string)"
    )
    assert first.fix is not None and first.fix.edits[0].text == "kept_0"
    assert first.later is None
    more = count - MAX_PER_CODE
    assert found[-1].message.endswith(
        f" ({more} more DC102 findings in this file are not shown)" if more else "string)"
    )


# -- placing findings among many edges -----------------------------------------------------------


def _dense_dot(edges: int) -> str:
    """300 undeclared DOT nodes joined by ``edges`` edges: a thousand DIP003 and a thousand
    DIP009 findings, each on an edge."""
    lines = "".join(f"  a{index % 300} -> a{index * 7 % 300}\n" for index in range(edges))
    return "digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n" + lines + "}\n"


def test_findings_among_sixty_thousand_edges_are_placed_in_a_moment() -> None:
    """`diff`, `convert` and `graph` ask which edge or node each finding is on: each of the
    2,000 findings of a 60,000-edge DOT file (800 KB) searched every edge, and `graph` took
    22 s, `convert --to dip` and `diff` more than a minute. The spans are now indexed."""
    from dipcheck.model import Edge

    result = lint_run(_dense_dot(60_000), "<t>.dot")
    workflow = result.workflow
    assert workflow is not None and len(workflow.edges) == 60_000
    found = [item for item in result.diagnostics if item.code in {"DIP003", "DIP009"}]
    started = time.process_time()
    placed = [workflow.element_at(item.span) for item in found]
    assert time.process_time() - started < 2
    assert len(placed) == 2000 and all(isinstance(element, Edge) for element in placed)
    last = found[-1]
    assert (last.code, last.span.text) == ("DIP009", "a99 -> a93")
    assert placed[-1] is workflow.edges[1299]  # the 1,000th repeat of an edge


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 12), st.booleans()), max_size=25),
    st.lists(st.tuples(st.integers(0, 70), st.integers(0, 6)), min_size=1, max_size=10),
)
def test_element_at_is_the_smallest_element_around_a_span(
    elements: list[tuple[int, int, bool]], asked: list[tuple[int, int]]
) -> None:
    """The index answers as searching every edge, then every node, would: the smallest
    element of this file whose span holds the span asked, the first declared of two the same
    size; spans in another file (an included prompt) hold nothing."""
    from dipcheck.model import Edge, Name, Node, NodeKind, Workflow
    from dipcheck.source import SourceText, Span

    text = SourceText("<t>.dip", "x" * 100)
    other = SourceText("<prompt>.md", "y" * 100)

    def made(index: int, start: int, length: int, here: bool) -> Edge | Node:
        span = Span(text if here else other, start, start + length)
        name = Name(f"n{index}", span)
        if index % 2:
            return Edge(source=name, target=name, span=span)
        return Node(f"n{index}", NodeKind.AGENT, span, span, span)

    items = [made(index, *element) for index, element in enumerate(elements)]
    edges = tuple(item for item in items if isinstance(item, Edge))
    nodes = tuple(item for item in items if isinstance(item, Node))
    workflow = Workflow(text, "dip", None, Span(text, 0, 0), nodes=nodes, edges=edges)
    for start, length in asked:
        span = Span(text, start, start + length)
        expected = None
        for group in (edges, nodes):
            around = [
                item
                for item in group
                if item.span.source is text
                and item.span.start <= span.start
                and span.end <= item.span.end
            ]
            if around:
                expected = min(around, key=lambda item: item.span.end - item.span.start)
                break
        assert workflow.element_at(span) is expected


def test_many_per_file_ignores_are_not_compiled_again_for_every_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """fnmatch keeps 32,768 compiled globs: 100,000 ``per-file-ignores`` compiled each again
    for every file (12 seconds a file). A ``*``-only glob needs no regular expression, and
    another is compiled once."""
    import fnmatch
    import re

    from dipcheck.config import load_config

    globs = "".join(f'"dir{number}/*.dip" = ["DIP1"]\n' for number in range(40_000))
    toml = f'[per-file-ignores]\n{globs}"odd/[ab]?.dip" = ["DIP003"]\n'
    (tmp_path / "dipcheck.toml").write_text(toml, encoding="utf-8")
    config = load_config(explicit=str(tmp_path / "dipcheck.toml"))
    compiled: list[object] = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *args: compiled.append(args) or real(*args))
    fnmatch._compile_pattern.cache_clear()  # type: ignore[attr-defined]
    names = ["dir39999/x.dip", "odd/a1.dip", "dir5/sub/y.dip", "dir5.dip", "odd/c1.dip"]
    found = [config.matching_ignores(str(tmp_path / name)) for name in names]
    assert found == [["dir39999/*.dip"], ["odd/[ab]?.dip"], ["dir5/*.dip"], [], []]
    assert len(compiled) == 1
    assert "DIP101" in config.file_ignores(str(tmp_path / "dir7" / "w.dip"))


@given(
    pattern=st.text(alphabet="ab/.*?[]!", max_size=8),
    name=st.text(alphabet="ab/.[]!\n", max_size=10),
)
@settings(max_examples=400, deadline=None)
def test_configuration_globs_match_as_fnmatch_does(pattern: str, name: str) -> None:
    import fnmatch
    import os

    from dipcheck.config import Config

    path = f"/r/{name}"
    relative = os.path.relpath(os.path.abspath(path), "/r")

    # (a relative glob names paths relative to the configuration's folder; an absolute one,
    # absolute paths: never the path as it was typed, which depends on the working directory)
    def matches(glob: str, where: str, absolute: str) -> bool:
        return fnmatch.fnmatch(absolute if os.path.isabs(glob) else where, glob)

    # `exclude` as ruff's: the path or a folder above it (inside the root), and a glob without
    # `/` (or what follows `**/`) also names a file or folder by its name at any depth
    parts = relative.split("/")
    levels = ["/".join(parts[:count]) for count in range(len(parts), 0, -1)]
    absolute = [os.path.abspath(path)]
    while len(absolute) < len(levels):
        absolute.append(os.path.dirname(absolute[-1]))
    glob = pattern.rstrip("/") or pattern
    globs = [glob, *([glob[3:]] if glob.startswith("**/") else [])]
    expected = any(
        matches(item, level, above)
        or ("/" not in item and fnmatch.fnmatch(level.rpartition("/")[2], item))
        for item in globs
        for level, above in zip(levels, absolute, strict=True)
    )
    excluded = Config(exclude=(pattern,), root="/r").excluded(path)
    assert excluded == expected
    # whatever fnmatch matches on the whole path is excluded, as it always was
    if matches(pattern, relative, os.path.abspath(path)):
        assert excluded


def test_a_selector_repeated_300000_times_is_looked_up_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`select = ["DIP1", "DIP1", …]` asked the registry once for each (60 s)."""
    from dipcheck.config import load_config
    from dipcheck.rules import registry

    toml = "select = [" + ", ".join(['"DIP1"'] * 300_000) + ', "DC1"]\n'
    (tmp_path / "dipcheck.toml").write_text(toml, encoding="utf-8")
    config = load_config(explicit=str(tmp_path / "dipcheck.toml"))
    asked: list[str] = []
    real = registry.select
    monkeypatch.setattr(registry, "select", lambda text: asked.append(text) or real(text))
    codes = config.active_codes
    assert sorted(asked) == ["DC1", "DIP1"]
    assert "DIP101" in codes and "DC101" in codes and "DIP001" not in codes


def test_configuration_globs_go_to_worker_processes(tmp_path: Path) -> None:
    """The compiled globs a Config keeps are pickled with it for `-j` workers: as closures
    they ended the run with "Can't pickle local object" (a twin of the test above)."""
    import json

    from helpers import dipcheck

    toml = 'exclude = ["skip*.dip"]\n[per-file-ignores]\n"w[0-4].dip" = ["DC314", "DIP004"]\n'
    (tmp_path / "dipcheck.toml").write_text(toml, encoding="utf-8")
    workflow = "workflow W\n  start: A\n  exit: B\n  agent A\n    label: A\n  agent B\n"
    for number in range(8):
        (tmp_path / f"w{number}.dip").write_text(workflow, encoding="utf-8")
    (tmp_path / "skip.dip").write_text("not a workflow", encoding="utf-8")
    run = dipcheck("lint", "--no-cache", "-j", "2", "--format", "json", ".", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    document = json.loads(run.stdout)
    assert document["files"] == [f"./w{number}.dip" for number in range(8)]
    codes: dict[str, list[str]] = {}
    for item in document["diagnostics"]:
        codes.setdefault(item["file"], []).append(item["code"])
    assert codes == {
        f"./w{number}.dip": ["DC001"] if number < 5 else ["DC314", "DC001", "DIP004"]
        for number in range(8)
    }

"""``dipcheck convert`` as a process: DOT to ``.dip`` and back with comments and prompts kept,
the parity check and what it reports, ``--check`` for a twin kept in CI, and the errors."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import FIXTURES, dipcheck

from dipcheck.engine import lint_file

PIPELINE = FIXTURES / "convert" / "pipeline.dot"
COMMENTS = [
    "The fixture of `dipcheck convert`: a tracker DOT pipeline with every kind of comment, a",
    "Planning: the plan is written to the context",
    "and read by both builders.",
    "part A",
    "the tests decide",
    "green",
]


def test_dot_to_dip_keeps_comments_and_prompts_and_passes_the_parity_check(tmp_path: Path) -> None:
    target = tmp_path / "pipeline.dip"
    done = dipcheck("convert", PIPELINE, "--to", "dip", "-o", target)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "note: line 7: the presentation attribute `rankdir` has no .dip form; not written",
        f"parity: {target} lowers to the same workflow as {PIPELINE} with the same findings",
    ]
    text = target.read_text(encoding="utf-8")
    for comment in COMMENTS:
        assert f"# {comment}" in text
    assert "Test -> Approve  when ctx.outcome = success  # green" in text
    assert (
        "  parallel Fan -> BuildA, BuildB\n" in text and "  fan_in Join <- BuildA, BuildB\n" in text
    )
    # the prompt arrives as it was, quotes and placeholders included
    original = lint_file(str(PIPELINE)).workflow
    converted = lint_file(str(target)).workflow
    assert original is not None and converted is not None
    prompt = original.node_map["Plan"].value("prompt")
    assert '{"plan": "..."}' in prompt and "${ctx.human_response}" in prompt
    assert converted.node_map["Plan"].value("prompt") == prompt
    assert dipcheck("fmt", "--check", target).returncode == 0  # laid out by dipcheck fmt
    assert dipcheck("diff", PIPELINE, target).stdout.endswith(": no semantic change\n")


def test_dip_to_dot_writes_what_tracker_adapter_builds(tmp_path: Path) -> None:
    source = FIXTURES / "review_loop.dip"
    done = dipcheck("convert", source, "--to", "dot")
    assert done.returncode == 0, done.stderr
    dot = done.stdout
    assert dot.startswith("// A small but complete workflow")
    for line in (
        "  Start [shape=Mdiamond, label=Start];",
        "  Done [shape=Msquare, label=Done];",
        "  fallback_target=Escalate;",  # defaults.on_failure
        '  "params.branch"=main;',  # a var
        "  default_max_retry=2;",
        '  ReviewJoin -> Done [condition="ctx.outcome = success"];',
        "  Escalate -> Done [label=stop];",
        "  Review -> ReviewCorrectness;",  # the fork edges the parallel list implies
        "  ReviewCorrectness -> ReviewJoin;",
        "  Review -> ReviewJoin;",  # the join edge tracker's adapter adds
    ):
        assert line in dot.splitlines(), line
    assert re.search(r"parallel_targets=\"ReviewCorrectness,ReviewStyle\"", dot)
    assert "tool_command=" in dot and "prompt_file" not in dot  # files inlined
    plan = (FIXTURES / "prompts" / "plan.md").read_text(encoding="utf-8").strip()
    assert plan.split("\n")[0] in dot
    assert "note: 3 back-edge marks" in done.stderr and "parity: " in done.stderr
    if shutil.which("dot") is not None:  # and it is a Graphviz file too
        rendered = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True)
        assert rendered.returncode == 0 and rendered.stderr == ""
    twin = tmp_path / "review_loop.dot"
    twin.write_text(dot, encoding="utf-8")
    back = dipcheck("convert", twin, "--to", "dip")
    assert back.returncode == 0, back.stderr
    (tmp_path / "back.dip").write_text(back.stdout, encoding="utf-8")
    again = dipcheck("diff", source, tmp_path / "back.dip", "--format", "json")
    assert '"changes": []' in again.stdout


def test_parity_failures_are_listed_and_exit_1() -> None:
    # a loop with no condition: .dip accepts it (`loop`), tracker refuses it in a DOT file
    done = dipcheck("convert", FIXTURES / "graph" / "review.dip", "--to", "dot")
    assert done.returncode == 1
    assert done.stdout.startswith("// The fixture of `dipcheck graph`")  # still written
    lines = done.stderr.splitlines()
    assert lines[-2].startswith("parity: ") and lines[-2].endswith(
        "differs from " + str(FIXTURES / "graph" / "review.dip") + ":"
    )
    assert lines[-1].startswith("  + DIP005 only in ")
    assert "unconditional cycle: Review → Revise → Review" in lines[-1]


def test_check_compares_a_kept_twin(tmp_path: Path) -> None:
    twin = tmp_path / "pipeline.dip"
    assert dipcheck("convert", PIPELINE, "--to", "dip", "-o", twin).returncode == 0
    fresh = dipcheck("convert", PIPELINE, "--to", "dip", "--check", "-o", twin)
    assert fresh.returncode == 0 and fresh.stdout == ""
    assert fresh.stderr == f"{twin} is the same workflow as {PIPELINE}\n"
    twin.write_text(
        twin.read_text(encoding="utf-8").replace("timeout: 10m", "timeout: 20m"), encoding="utf-8"
    )
    stale = dipcheck("convert", PIPELINE, "--to", "dip", "--check", "-o", twin)
    assert stale.returncode == 1
    assert stale.stderr.splitlines() == [
        f"{twin} differs from {PIPELINE}:",
        "  ~ field `timeout` of `Test`: `10m` → `20m`",
    ]
    alone = dipcheck("convert", PIPELINE, "--to", "dip", "--check")
    assert alone.returncode == 0 and alone.stdout == ""
    assert not (FIXTURES / "convert" / "pipeline.dip").exists()  # --check writes nothing


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["fixtures/review_loop.dip", "--to", "dip"], "is already a .dip file"),
        (["fixtures/simulate/never-ships.yaml", "--to", "dip"], "only .dip and .dot files"),
        (["fixtures/nothing.dot", "--to", "dip"], "no such file"),
        (
            ["fixtures/broken", "--to", "dot"],
            "fixtures/broken: it is a directory, not a regular file",
        ),
    ],
)
def test_errors(args: list[str], message: str) -> None:
    done = dipcheck("convert", *args)
    assert done.returncode == 2 and message in done.stderr


def test_a_file_that_is_not_a_workflow(tmp_path: Path) -> None:
    drawing = tmp_path / "drawing.dot"
    drawing.write_text("digraph G { a -> b }\n", encoding="utf-8")
    done = dipcheck("convert", drawing, "--to", "dip")
    assert done.returncode == 2 and "not a workflow dipcheck can load" in done.stderr


def test_a_start_that_is_also_the_exit_is_explained(tmp_path: Path) -> None:
    """tracker's DOT marks the start and the exit by shape alone, so a `.dip` whose start node
    is also its exit has no DOT form: the parity check fails, and a note says why."""
    source = tmp_path / "same.dip"
    source.write_text("workflow Same\n  start: A\n  exit: A\n\n  agent A\n    prompt: Do it.\n")
    done = dipcheck("convert", source, "--to", "dot")
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == (
        "note: `A` is both the start and the exit node, which a DOT file cannot say: tracker "
        "marks them by shape (`Mdiamond`, `Msquare`) and a node has one, so the DOT has no exit "
        "node (DIP002); give the workflow an exit node of its own"
    )
    assert "+ DIP002 only in " in done.stderr
    distinct = tmp_path / "two.dip"
    distinct.write_text(
        "workflow Two\n  start: A\n  exit: B\n\n  agent A\n    prompt: Do it.\n"
        "  agent B\n    label: B\n\n  edges\n    A -> B\n"
    )
    done = dipcheck("convert", distinct, "--to", "dot")
    assert done.returncode == 0, done.stderr
    assert "is both the start and the exit" not in done.stderr


def _weighted(weight: str) -> str:
    return (
        "digraph G {\n"
        '  start [shape=Mdiamond, label="Start"];\n'
        '  a [prompt="x"];\n'
        '  b [prompt="y"];\n'
        '  done [shape=Msquare, label="Done"];\n'
        "  start -> a;\n"
        f"  a -> b [weight={weight}];\n"
        "  a -> done;\n"
        "  b -> done;\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("weight", "shown", "why"),
    [
        ("-" + "9" * 5000, "-" + "9" * 19 + "…" + "9" * 8, "tracker reads it as 0, the default"),
        ('"5\\n  b -> start"', "5\\x0a  b -> start", "tracker reads it as 0, the default"),
    ],
)
def test_a_weight_dip_cannot_write_is_left_out_not_the_edge(
    tmp_path: Path, weight: str, shown: str, why: str
) -> None:
    """A DOT weight of 5,000 digits was copied into the .dip edge line
    as it was; `.dip` has no `-`, so the line did not parse and the edge was lost (parity:
    `- edge a -> b`, DC314, DIP004). A value with a line break added an edge. The edge is
    written without the weight now, with a note; the parity check compares the weight
    tracker ranks by (0 for both). Its twin: a positive weight is kept, canonical."""
    source = tmp_path / "weighted.dot"
    source.write_text(_weighted(weight), encoding="utf-8")
    done = dipcheck("convert", source, "--to", "dip")
    assert done.stderr.splitlines() == [
        f"note: line 7: the weight `{shown}` of `a -> b` is not written ({why})",
        f"parity: {tmp_path / 'weighted.dip'} lowers to the same workflow as {source} with the "
        "same findings",
    ]
    assert done.returncode == 0
    assert "    a -> b\n" in done.stdout and "b -> start" not in done.stdout
    twin = tmp_path / "twin.dot"
    twin.write_text(_weighted('"+007"'), encoding="utf-8")
    kept = dipcheck("convert", twin, "--to", "dip")
    assert (kept.returncode, "    a -> b  weight: 7\n" in kept.stdout) == (0, True), kept.stderr


def test_a_negative_weight_is_left_out_and_the_parity_check_says_the_routing_changed(
    tmp_path: Path,
) -> None:
    """tracker reads a DOT weight with `Atoi` and keeps its sign (`edgeWeight`): `a -> b`
    at -5 ranks below `a -> done` at the default 0, so `a` goes to `done`. `.dip` cannot
    write it; without it the two edges tie and the lexically smaller `b` wins. The parity
    check says so (dipcheck read every negative weight as 0 and called the files equal)."""
    source = tmp_path / "weighted.dot"
    source.write_text(_weighted("-5"), encoding="utf-8")
    done = dipcheck("convert", source, "--to", "dip")
    assert done.stderr.splitlines() == [
        "note: line 7: the weight `-5` of `a -> b` is not written (dippin has no negative "
        "weight: tracker ranks this edge below its unweighted siblings, the converted edge "
        "level with them)",
        f"parity: {tmp_path / 'weighted.dip'} differs from {source}:",
        "  - weight of edge `a -> b` (was `-5`)",
    ]
    assert (done.returncode, "    a -> b\n" in done.stdout) == (1, True)


def test_an_edge_label_with_a_line_break_is_refused_not_written_broken(tmp_path: Path) -> None:
    """A DOT edge label with a line break was written into the .dip edge line inside quotes,
    the break included: the edge line ended there, every edge after it was lost (parity:
    four edges missing, DC314, DIP004 three times, DC007) and the file written did not parse. .dip
    has no way to write it, so convert refuses, as for an id it cannot spell. Its twin:
    quotes and a backslash in a label are escaped and convert cleanly."""
    source = tmp_path / "labels.dot"
    source.write_text(
        _weighted("1").replace("a -> b [weight=1]", 'a -> b [label="go\\nnow"]'),
        encoding="utf-8",
    )
    target = tmp_path / "labels.dip"
    done = dipcheck("convert", source, "--to", "dip", "-o", target)
    assert (done.returncode, done.stdout, target.exists()) == (2, "", False)
    assert done.stderr == (
        f"dipcheck convert: error: {source}: the label of edge `a -> b` (line 7) has a line "
        "break, which a .dip edge attribute cannot hold (it is one token on the edge's line)\n"
    )
    source.write_text(
        _weighted("1").replace("a -> b [weight=1]", 'a -> b [label="say \\"hi\\" \\\\ #x"]'),
        encoding="utf-8",
    )
    twin = dipcheck("convert", source, "--to", "dip", "-o", target)
    assert twin.returncode == 0, twin.stderr
    assert '    a -> b  label: "say \\"hi\\" \\\\ #x"\n' in target.read_text(encoding="utf-8")
    assert dipcheck("lint", target).returncode == 0


def test_a_node_without_fields_converts_with_parity(tmp_path: Path) -> None:
    """A DOT node with only its shape (`start [shape=Mdiamond]`) becomes a .dip node whose
    body is `label: start` (a body holds at least one field, and Graphviz labels a node with
    its id anyway); the parity check reported `+ field label` and convert exited 1 on most
    hand-written pipelines. Its twin: on a human gate the label is the question tracker
    shows, so the difference is still reported."""
    source = tmp_path / "bare.dot"
    source.write_text(
        "digraph G {\n  start [shape=Mdiamond]\n  done [shape=Msquare]\n"
        '  a [shape=box, prompt="x"]\n  start -> a -> done\n}\n',
        encoding="utf-8",
    )
    done = dipcheck("convert", source, "--to", "dip")
    assert (done.returncode, done.stderr) == (
        0,
        f"parity: {tmp_path / 'bare.dip'} lowers to the same workflow as {source} with the same "
        "findings\n",
    )
    assert "  agent start\n    label: start\n" in done.stdout
    gate = tmp_path / "gate.dot"
    gate.write_text(
        source.read_text(encoding="utf-8")
        .replace("  start -> a", "  h [shape=hexagon]\n  start -> a")
        .replace("a -> done", "a -> h -> done"),
        encoding="utf-8",
    )
    asked = dipcheck("convert", gate, "--to", "dip")
    assert asked.returncode == 1
    assert asked.stderr.splitlines()[-1] == "  + field `label` of `h`: `h`"

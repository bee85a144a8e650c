"""``dipcheck graph`` as a process: Mermaid and DOT pictures of a workflow (nodes with
tracker's shapes, conditions and labels on edges, back edges, clusters, findings, untested
edges), SVG and PNG through Graphviz, and the errors."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FIXTURES, dedent, dipcheck

REVIEW = FIXTURES / "graph" / "review.dip"
MERMAID_NODE = re.compile(
    r'^ +(n\d+)(\(\["|\{\{"|\[/"|\{"|\[\["|\[")(.*?)("\]\)|"\}\}|"/\]|"\}|"\]\]|"\])$'
)
MERMAID_EDGE = re.compile(r'^    (n\d+) (-->|-\.->|==>)(?:\|"([^"]*)"\|)? (n\d+)$')
GRAPHVIZ = pytest.mark.skipif(
    shutil.which("dot") is None, reason="Graphviz `dot` is not on PATH (tools/test.sh installs it)"
)


def _unescape(text: str) -> str:
    return (
        text.replace("<br/>", "\n")
        .replace("#quot;", '"')
        .replace("#lt;", "<")
        .replace("#gt;", ">")
        .replace("#124;", "|")
        .replace("#35;", "#")
    )


def parse_mermaid(output: str) -> dict[str, object]:
    """Every line of the picture read back, or an AssertionError for a line Mermaid would not
    accept: node labels and shapes by name, edges with labels, classes, link styles."""
    lines = output.rstrip("\n").split("\n")
    assert lines[0] == "```mermaid" and lines[-1] == "```"
    assert lines[1] in ("flowchart TD", "flowchart LR")
    names: dict[str, str] = {}
    shapes: dict[str, str] = {}
    notes: dict[str, str] = {}
    edges: list[tuple[str, str, str, str]] = []
    classes: dict[str, set[str]] = {}
    link_styles: dict[int, str] = {}
    clusters: list[str] = []
    for line in lines[2:-1]:
        if line.strip().startswith(("%%", "classDef ", "style ", "end")):
            continue
        if node := MERMAID_NODE.match(line):
            label = _unescape(node.group(3))
            name, _, note = label.partition("\n")
            names[node.group(1)] = name
            shapes[name] = node.group(2)
            notes[name] = note
        elif edge := MERMAID_EDGE.match(line):
            edges.append(
                (
                    names[edge.group(1)],
                    names[edge.group(4)],
                    _unescape(edge.group(3) or ""),
                    edge.group(2),
                )
            )
        elif line.startswith("    class "):
            ids, kind = line[len("    class ") :].split(" ")
            classes[kind] = {names[item] for item in ids.split(",")}
        elif line.startswith("    linkStyle "):
            _, indexes, style = line.strip().split(" ", 2)
            for index in indexes.split(","):
                link_styles[int(index)] = style
        elif match := re.match(r'^ +subgraph (c\d+)\["(.*)"\]$', line):
            clusters.append(_unescape(match.group(2)))
        else:
            raise AssertionError(f"line Mermaid would not accept: {line!r}")
    return {
        "names": names,
        "shapes": shapes,
        "notes": notes,
        "edges": edges,
        "classes": classes,
        "link_styles": link_styles,
        "clusters": clusters,
        "title": lines[2],
    }


def test_mermaid_shows_shapes_edges_back_edges_and_findings() -> None:
    done = dipcheck("graph", REVIEW)
    assert done.returncode == 0, done.stderr
    picture = parse_mermaid(done.stdout)
    assert picture["title"] == "    %% Review (review.dip): 2 warnings"
    assert picture["shapes"] == {
        "Start": '(["',  # the start and exit handlers
        "Draft": '["',
        "Review": '["',
        "Revise": '["',
        "Publish": '[/"',  # tool
        "Approve": '{{"',  # human gate
        "Done": '(["',
    }
    edges = picture["edges"]
    assert [(source, target, label) for source, target, label, _ in edges] == [
        ("Start", "Draft", ""),
        ("Draft", "Review", ""),
        ("Review", "Publish", "verdict = approve"),
        ("Review", "Revise", "otherwise"),
        ("Revise", "Review", "↺"),
        ("Publish", "Approve", ""),
        ("Approve", "Done", "ship"),
        ("Approve", "Draft", "↺ outcome = fail\n⚠ DC303"),
    ]
    assert picture["notes"]["Publish"] == "⚠ DIP111"  # a tool without a timeout
    assert picture["classes"] == {"warning": {"Publish"}}
    styles = picture["link_styles"]
    assert "stroke:#1565c0" in styles[4]  # the back edge, blue
    assert "stroke:#b26a00" in styles[7]  # the edge with a warning, amber


def test_no_findings_and_left_to_right() -> None:
    done = dipcheck("graph", REVIEW, "--no-findings", "--direction", "LR")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[1] == "flowchart LR"
    picture = parse_mermaid(done.stdout)
    assert "⚠" not in done.stdout and picture["classes"] == {}
    assert picture["title"] == "    %% Review (review.dip)"


@GRAPHVIZ
def test_dot_renders_with_graphviz_and_carries_the_findings_in_tooltips(tmp_path: Path) -> None:
    done = dipcheck("graph", REVIEW, "--format", "dot")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('digraph "Review" {\n  graph [rankdir=TB')
    rendered = subprocess.run(
        ["dot", "-Tsvg"], input=done.stdout, capture_output=True, text=True, timeout=60
    )
    assert rendered.returncode == 0 and rendered.stderr == ""
    svg = rendered.stdout
    for node in ("Start", "Draft", "Review", "Revise", "Publish", "Approve", "Done"):
        assert f"<title>{node}</title>" in svg
    assert "DIP111 warning: tool `Publish` has no `timeout:`" in svg  # the node's tooltip
    assert "DC303 warning: the condition on `Approve &#45;&gt; Draft` is never true" in svg
    assert 'stroke="#b26a00"' in svg
    assert '"Revise" -> "Review" [label="↺", color="#1565c0"' in done.stdout
    assert "constraint=false" in done.stdout  # back edges do not push the layout down
    svg_file = tmp_path / "review.svg"
    assert dipcheck("graph", REVIEW, "--format", "svg", "-o", svg_file).returncode == 0
    assert svg_file.read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg"))
    png_file = tmp_path / "review.png"
    made = dipcheck("graph", REVIEW, "--format", "png", "-o", png_file)
    assert made.returncode == 0, made.stderr
    assert png_file.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_svg_without_graphviz_says_what_to_do(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    done = subprocess.run(
        [sys.executable, "-m", "dipcheck", "graph", str(REVIEW), "--format", "svg"],
        capture_output=True,
        text=True,
        env={"PATH": str(bin_dir)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "Graphviz's `dot` is not on PATH" in done.stderr
    assert "--format dot" in done.stderr and "--format mermaid" in done.stderr


def _coverage(tmp_path: Path, document: object) -> Path:
    path = tmp_path / "coverage.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _dashed(output: str) -> set[tuple[str, str]]:
    return {
        (source, target)
        for source, target, attrs in re.findall(r'^  "(\w+)" -> "(\w+)"(.*);$', output, re.M)
        if "style=dashed" in attrs
    }


def test_coverage_dashes_the_edges_no_test_took(tmp_path: Path) -> None:
    taken = [
        {"from": "Start", "to": "Draft"},
        {"from": "Draft", "to": "Review", "index": 0},
        {"from": "Review", "to": "Publish"},
        {"from": "Publish", "to": "Approve"},
        {"from": "Approve", "to": "Done", "covered": True},
        {"from": "Approve", "to": "Draft", "covered": False},
    ]
    path = _coverage(tmp_path, {"file": str(REVIEW), "edges": taken})
    done = dipcheck("graph", REVIEW, "--format", "dot", "--coverage", path)
    assert done.returncode == 0, done.stderr
    assert _dashed(done.stdout) == {
        ("Review", "Revise"),
        ("Revise", "Review"),
        ("Approve", "Draft"),
    }
    # the same edges, as `dipcheck test --coverage --format json` nests its items
    items = [
        {"kind": "edges", "label": "Start -> Draft", "line": 33, "column": 5, "covered": True},
        {"kind": "edges", "label": "Review -> Revise", "line": 36, "column": 5, "covered": True},
        {"kind": "outcomes", "label": "Draft: success", "line": 12, "column": 9, "covered": True},
    ]
    nested = {
        "coverage": {
            "workflows": [{"file": "elsewhere.dip"}, {"file": str(REVIEW), "items": items}]
        }
    }
    done = dipcheck("graph", REVIEW, "--format", "dot", "--coverage", _coverage(tmp_path, nested))
    assert done.returncode == 0, done.stderr
    assert ("Review", "Revise") not in _dashed(done.stdout)
    assert ("Start", "Draft") not in _dashed(done.stdout)
    assert ("Draft", "Review") in _dashed(done.stdout)


def test_coverage_file_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    done = dipcheck("graph", REVIEW, "--coverage", broken)
    assert done.returncode == 2 and "not a JSON document" in done.stderr
    other = _coverage(
        tmp_path, {"workflows": [{"file": "a.dip", "edges": []}, {"file": "b.dip", "edges": []}]}
    )
    done = dipcheck("graph", REVIEW, "--coverage", other)
    assert done.returncode == 2 and "no entry for" in done.stderr
    bad = _coverage(tmp_path, {"edges": [{"from": "A"}]})
    done = dipcheck("graph", REVIEW, "--coverage", bad)
    assert done.returncode == 2 and "string `from` and `to`" in done.stderr


def test_parallel_branches_and_expanded_subgraphs_are_clusters(tmp_path: Path) -> None:
    (tmp_path / "child.dip").write_text(
        dedent(
            """
            workflow Child
              start: Begin
              exit: End
              agent Begin
                label: Begin
              agent Work
                prompt: work
              agent End
                label: End
              edges
                Begin -> Work
                Work -> End
            """
        ),
        encoding="utf-8",
    )
    parent = tmp_path / "parent.dip"
    parent.write_text(
        dedent(
            """
            workflow Parent
              start: Start
              exit: Done
              agent Start
                label: Start
              parallel Fan -> A, B
              agent A
                prompt: a
              agent B
                prompt: b
              fan_in Join <- A, B
              subgraph Sub
                ref: child.dip
              agent Done
                label: Done
              edges
                Start -> Fan
                Join -> Sub
                Sub -> Done
            """
        ),
        encoding="utf-8",
    )
    flat = parse_mermaid(dipcheck("graph", parent).stdout)
    assert flat["clusters"] == ["Fan: parallel branches"]
    assert flat["notes"]["Sub"] == "→ child.dip"
    expanded = dipcheck("graph", parent, "--expand")
    assert expanded.returncode == 0, expanded.stderr
    picture = parse_mermaid(expanded.stdout)
    assert picture["clusters"] == ["Fan: parallel branches", "Sub runs child.dip"]
    assert ("Sub", "Begin", "runs", "-.->") in picture["edges"]
    assert ("End", "Sub", "returns", "-.->") in picture["edges"]
    assert ("Begin", "Work", "", "-->") in picture["edges"]
    # the fork and join edges tracker adds for the lists, and the parallel node's join edge
    assert {("Fan", "A"), ("Fan", "B"), ("A", "Join"), ("B", "Join"), ("Fan", "Join")} <= {
        (source, target) for source, target, _, _ in picture["edges"]
    }


def test_hostile_names_and_labels_stay_inside_their_quotes(tmp_path: Path) -> None:
    source = tmp_path / "odd.dot"
    source.write_text(
        dedent(
            """
            digraph "x\\" ] -> evil" {
              S [shape=Mdiamond]
              E [shape=Msquare]
              "we|ird<b>\\"#1" [shape=box, prompt="p"]
              S -> "we|ird<b>\\"#1" [label="a \\"quoted\\" | <label> #2"]
              "we|ird<b>\\"#1" -> E [condition="outcome=success"]
            }
            """
        ),
        encoding="utf-8",
    )
    mermaid = dipcheck("graph", source)
    assert mermaid.returncode == 0, mermaid.stderr
    picture = parse_mermaid(mermaid.stdout)
    assert 'we|ird<b>"#1' in picture["shapes"]
    assert ("S", 'we|ird<b>"#1', 'a "quoted" | <label> #2', "-->") in picture["edges"]
    if shutil.which("dot") is not None:
        dot = dipcheck("graph", source, "--format", "dot").stdout
        rendered = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True)
        assert rendered.returncode == 0 and rendered.stderr == ""
        assert "<title>we|ird&lt;b&gt;&quot;#1</title>" in rendered.stdout


def test_errors(tmp_path: Path) -> None:
    missing = dipcheck("graph", tmp_path / "none.dip")
    assert missing.returncode == 2 and "no such file" in missing.stderr
    (tmp_path / "empty.dip").write_text("# nothing\n", encoding="utf-8")
    empty = dipcheck("graph", tmp_path / "empty.dip")
    assert empty.returncode == 2 and "not a workflow dipcheck can load" in empty.stderr
    usage = dipcheck("graph", REVIEW, "--format", "gif")
    assert usage.returncode == 2 and "invalid choice" in usage.stderr


def test_dot_workflows_are_drawn_too() -> None:
    done = dipcheck("graph", FIXTURES / "dot" / "review.dot")
    assert done.returncode == 0, done.stderr
    picture = parse_mermaid(done.stdout)
    assert picture["shapes"]["Start"] == '(["' and picture["shapes"]["Test"] == '[/"'
    assert ("Test", "Build", "outcome=fail\n[fix]", "-->") in picture["edges"]


@pytest.mark.skipif(
    shutil.which("dot") is None or not sys.platform.startswith("linux"),
    reason="needs Graphviz's dot and Linux's prlimit",
)
def test_dot_runs_with_a_memory_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout of thousands of nodes took `dot` 6 GB (hostile input); it now runs under an
    address-space limit and fails with a message instead."""
    from dipcheck.picture import graphviz

    monkeypatch.setattr(graphviz, "MEMORY_LIMIT", 128 << 20)
    big = (
        "digraph G {"
        + " ".join(f"n{i} -> n{(i * 7 + 3) % 2000}; n{i} -> n{i + 1};" for i in range(2000))
        + "}"
    )
    with pytest.raises(graphviz.GraphvizError, match=r"failed \(-?\d+\): .*\(it may use 128 MiB"):
        graphviz.render(big, "svg")
    assert graphviz.render("digraph G { a -> b }", "svg").startswith(b"<?xml")  # the twin


@pytest.mark.parametrize(("fmt", "title"), [("mermaid", "    %% "), ("dot", 'digraph "')])
def test_a_file_name_that_is_not_utf8_is_drawn(tmp_path: Path, fmt: str, title: str) -> None:
    """The title names the file: its byte 0xff (a lone surrogate to Python) ended the drawing
    with a UnicodeEncodeError traceback. It shows as U+FFFD."""
    name = os.fsdecode(b"n\xff.dip")
    shutil.copy(REVIEW, tmp_path / name)
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", "graph", name, "--format", fmt],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    shown = result.stdout.decode("utf-8")
    assert "(n\ufffd.dip)" in shown
    assert title in shown


def _calling(name: str, ref: str, count: int = 1) -> str:
    """A workflow whose `count` subgraph nodes, one after another, each run ``ref``."""
    lines = [f"workflow {name}", "  start: S", "  exit: E", "  agent S", "    label: S"]
    lines += ["  agent E", "    label: E"]
    for index in range(count):
        lines += [f"  subgraph G{index}", f"    ref: {ref}"]
    lines += ["  edges", "    S -> G0"]
    lines += [f"    G{index} -> G{index + 1}" for index in range(count - 1)]
    lines += [f"    G{count - 1} -> E"]
    return "\n".join(lines) + "\n"


def test_expand_draws_three_levels_and_a_workflow_once_inside_itself(tmp_path: Path) -> None:
    """A chain of six workflows was expanded four levels deep (the docs say three), and in
    a cycle a → b → a the top workflow was drawn again inside its own child (tenth audit)."""
    for number in range(1, 7):
        (tmp_path / f"w{number}.dip").write_text(
            _calling(f"W{number}", f"w{number + 1}.dip"), encoding="utf-8"
        )
    chain = parse_mermaid(dipcheck("graph", "w1.dip", "--expand", cwd=tmp_path).stdout)
    assert chain["clusters"] == ["G0 runs w2.dip", "G0 runs w3.dip", "G0 runs w4.dip"]
    (tmp_path / "a.dip").write_text(_calling("A", "b.dip"), encoding="utf-8")
    (tmp_path / "b.dip").write_text(_calling("B", "a.dip"), encoding="utf-8")
    cycle = parse_mermaid(dipcheck("graph", "a.dip", "--expand", cwd=tmp_path).stdout)
    assert cycle["clusters"] == ["G0 runs b.dip"]  # (not `G0 runs a.dip` inside it)


def test_expand_stops_at_the_box_budget_and_says_so(tmp_path: Path) -> None:
    """Four workflows of 25 subgraph nodes, each calling the next: 25⁴ clusters took 2 GB
    and no answer in a minute. Counted: at most the budget of boxes, and the title says how
    many subgraphs were left unexpanded; the twin (one level) is drawn whole."""
    from dipcheck.picture.workflow import MAX_EXPANDED_BOXES

    names = ["p", "q", "r", "s"]
    for name, after in zip(names, [*names[1:], names[0]], strict=True):
        (tmp_path / f"{name}.dip").write_text(
            _calling(name.upper(), f"{after}.dip", 25), encoding="utf-8"
        )
    run = dipcheck("graph", "p.dip", "--expand", "--no-findings", "--format", "dot", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    boxes = [line for line in run.stdout.splitlines() if re.match(r'\s*"[^"]*" \[', line)]
    assert 0 < len(boxes) <= MAX_EXPANDED_BOXES
    title = re.search(r'label="([^"]*subgraphs not expanded[^"]*)"', run.stdout)
    assert title is not None
    assert title.group(1).endswith(
        f"subgraphs not expanded: the drawing holds at most {MAX_EXPANDED_BOXES:,} boxes)"
    )
    (tmp_path / "q.dip").write_text(_calling("Q", "leaf.dip", 25), encoding="utf-8")
    (tmp_path / "leaf.dip").write_text(_calling("L", "none.dip", 1), encoding="utf-8")
    whole = dipcheck("graph", "p.dip", "--expand", "--no-findings", "--format", "dot", cwd=tmp_path)
    assert "not expanded" not in whole.stdout


def test_coverage_entries_say_covered_with_a_boolean_and_hits_with_a_number(
    tmp_path: Path,
) -> None:
    """`"hits": 0.0` and `"hits": "0"`, `"covered": "false"` all read as covered (tenth
    audit): a zero of either number type is not covered, a value of another type is an error."""
    base = [
        {"from": "Start", "to": "Draft"},
        {"from": "Draft", "to": "Review"},
        {"from": "Review", "to": "Publish"},
        {"from": "Publish", "to": "Approve"},
        {"from": "Approve", "to": "Done"},
        {"from": "Review", "to": "Revise"},
        {"from": "Revise", "to": "Review"},
    ]
    for said in ({"hits": 0.0}, {"hits": 0}, {"covered": False}):
        taken = [*base, {"from": "Approve", "to": "Draft", **said}]
        path = _coverage(tmp_path, {"file": str(REVIEW), "edges": taken})
        done = dipcheck("graph", REVIEW, "--format", "dot", "--coverage", path)
        assert done.returncode == 0, done.stderr
        assert _dashed(done.stdout) == {("Approve", "Draft")}, said
    for wrong, message in (
        ({"hits": "0"}, "`hits` must be a number"),
        ({"covered": "false"}, "`covered` must be true or false"),
    ):
        path = _coverage(tmp_path, {"file": str(REVIEW), "edges": [{**base[0], **wrong}]})
        done = dipcheck("graph", REVIEW, "--coverage", path)
        assert done.returncode == 2 and message in done.stderr, done.stderr
    # the twin: a hit of 2.0 is covered
    taken = [*base, {"from": "Approve", "to": "Draft", "hits": 2.0}]
    done = dipcheck(
        "graph", REVIEW, "--format", "dot", "--coverage", _coverage(tmp_path, {"edges": taken})
    )
    assert _dashed(done.stdout) == set()

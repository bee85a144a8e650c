"""DOT pipelines through the command line, as a process: found under directories (ordinary
Graphviz files left alone), read from stdin, dialects from configuration, and suppression
comments in DOT syntax."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers import FIXTURES
from test_cli import dipcheck
from test_dot_rules import BRANCHES

DRAWING = 'digraph G {\n  rankdir=LR\n  a -> b -> c\n  a [color=red, label="A"]\n}\n'


def _findings(stdout: str) -> list[tuple[str, str, int, int, int, int]]:
    document = json.loads(stdout)
    return [
        (
            Path(item["file"]).name,
            item["code"],
            item["range"]["start"]["line"],
            item["range"]["start"]["column"],
            item["range"]["end"]["line"],
            item["range"]["end"]["column"],
        )
        for item in document["diagnostics"]
    ]


def test_directories_lint_dot_pipelines_and_skip_graphviz_drawings(tmp_path: Path) -> None:
    for name in ("review.dot", "broken.dot", "typed_review.dot"):
        shutil.copy(FIXTURES / "dot" / name, tmp_path / name)
    (tmp_path / "drawing.dot").write_text(DRAWING, encoding="utf-8")
    result = dipcheck("lint", "--format", "json", str(tmp_path))
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    assert sorted(Path(name).name for name in document["files"]) == [
        "broken.dot",
        "review.dot",
        "typed_review.dot",
    ]
    assert _findings(result.stdout) == [
        ("broken.dot", "DIP110", 10, 3, 10, 8),  # `promt`: Build has no prompt
        ("broken.dot", "DC004", 10, 11, 10, 16),
        ("broken.dot", "DC102", 10, 28, 10, 39),
        ("broken.dot", "DIP111", 11, 3, 11, 7),
        ("broken.dot", "DC201", 11, 58, 11, 69),
        ("broken.dot", "DC314", 16, 12, 16, 20),
        ("broken.dot", "DIP110", 16, 12, 16, 20),  # Escalate: a box from `node [...]`
        ("broken.dot", "DC313", 16, 41, 16, 49),
        ("broken.dot", "DIP005", 17, 3, 17, 17),
    ]
    assert document["summary"]["skipped"] == 1  # the drawing, found in the directory
    text = dipcheck("lint", "--format", "concise", str(tmp_path)).stdout
    assert "(3 files checked, 1 skipped: not a workflow)." in text


def test_a_named_dot_file_is_linted_whatever_it_looks_like(tmp_path: Path) -> None:
    """pre-commit names the file: a pipeline whose start node is a `circle` (tracker commit
    22230e4) must be reported, not skipped as a drawing."""
    pipeline = tmp_path / "port.dot"
    pipeline.write_text(
        "digraph P {\n"
        '  Start [shape=circle, node_type="start"]\n'
        '  Work [shape=box, max_agent_turns="8"]\n'
        '  Exit [shape=doublecircle, node_type="exit"]\n'
        "  Start -> Work -> Exit\n"
        "}\n",
        encoding="utf-8",
    )
    result = dipcheck("lint", "--format", "json", str(pipeline))
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    assert document["files"] == [str(pipeline)]
    assert document["summary"]["skipped"] == 0
    assert [(code, line, column) for _, code, line, column, _, _ in _findings(result.stdout)] == [
        ("DC005", 2, 16),
        ("DIP001", 2, 16),  # at the shape of the node named Start
        ("DIP110", 3, 3),
        ("DC004", 3, 20),
        ("DC005", 4, 15),
        ("DIP002", 4, 15),
    ]
    # the same file found in a directory is left alone, and counted
    skipped = dipcheck("lint", "--format", "json", str(tmp_path))
    assert skipped.returncode == 0
    assert json.loads(skipped.stdout)["files"] == []
    assert json.loads(skipped.stdout)["summary"]["skipped"] == 1
    # a drawing named on the command line is linted too (exclude it in the configuration)
    (tmp_path / "drawing.dot").write_text(DRAWING, encoding="utf-8")
    assert dipcheck("lint", str(tmp_path / "drawing.dot")).returncode == 1


def test_stdin_takes_the_format_from_the_stdin_filename() -> None:
    text = (FIXTURES / "dot" / "broken.dot").read_text(encoding="utf-8")
    result = dipcheck("lint", "-", "--stdin-filename", "broken.dot", "--format", "json", stdin=text)
    assert result.returncode == 1
    assert [item[1] for item in _findings(result.stdout)] == [
        "DIP110",
        "DC004",
        "DC102",
        "DIP111",
        "DC201",
        "DC314",
        "DIP110",
        "DC313",
        "DIP005",
    ]


def test_the_dialect_comes_from_configuration(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "p.dot").write_text(BRANCHES, encoding="utf-8")
    (tmp_path / "tracker.dot").write_text(BRANCHES, encoding="utf-8")
    (tmp_path / "forced.dot").write_text(DRAWING, encoding="utf-8")
    (tmp_path / "dipcheck.toml").write_text(
        '[dialect]\n"engine/*.dot" = "typed-outputs"\n"forced.dot" = "tracker"\n',
        encoding="utf-8",
    )
    result = dipcheck("lint", "--format", "json", ".", cwd=tmp_path)
    document = json.loads(result.stdout)
    severities = {
        (Path(item["file"]).name, item["code"]): item["severity"]
        for item in document["diagnostics"]
    }
    assert severities[("p.dot", "DC104")] == "error"  # every path, or the engine refuses
    assert severities[("tracker.dot", "DC104")] == "warning"
    assert severities[("forced.dot", "DIP001")] == "error"  # configured: linted as a workflow
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "dipcheck.toml").write_text('[dialect]\n"*.dot" = "graphviz"\n', encoding="utf-8")
    refused = dipcheck("lint", ".", cwd=bad)
    assert refused.returncode == 2
    assert "not one of tracker, attractor, typed-outputs" in refused.stderr


def test_suppression_comments_in_dot(tmp_path: Path) -> None:
    text = (FIXTURES / "dot" / "broken.dot").read_text(encoding="utf-8")
    text = text.replace(
        '  Build  [promt="Implement ${ctx.plna}"]',
        "  // dipcheck: ignore[DC004, DC102] the prompt is set by the stylesheet in CI\n"
        '  Build  [promt="Implement ${ctx.plna}"]',
    ).replace("  Judge -> Build\n", "  Judge -> Build  // dipcheck: ignore[DIP005]\n")
    path = tmp_path / "broken.dot"
    path.write_text(text, encoding="utf-8")
    result = dipcheck("lint", "--format", "json", str(path))
    assert [item[1] for item in _findings(result.stdout)] == [
        "DIP110",
        "DIP111",
        "DC201",
        "DC314",
        "DIP110",
        "DC313",
    ]

"""What a newcomer tripped on in the command line (issue 19 §2), each run as a process."""

from __future__ import annotations

from pathlib import Path

from helpers import FIXTURES, dipcheck

CLEAN = FIXTURES / "review_loop.dip"


# -- a path that holds no workflow ------------------------------------------------------------


def test_an_empty_directory_says_nothing_was_linted(tmp_path: Path) -> None:
    result = dipcheck("lint", tmp_path, "--no-cache")
    # ruff's choice: a warning, exit 0 (a tree without workflows yet is not a failure)
    assert result.returncode == 0
    assert result.stdout == "No files checked.\n"
    assert "All checks passed" not in result.stdout
    assert result.stderr == (
        f"dipcheck: warning: no workflow found in {tmp_path}: nothing was linted (dipcheck "
        "lints .dip files, DOT pipelines and YAML step workflows)\n"
    )


def test_a_directory_of_drawings_and_plain_yaml_says_nothing_was_linted(tmp_path: Path) -> None:
    (tmp_path / "picture.dot").write_text("digraph G { a -> b }\n")
    (tmp_path / "config.yaml").write_text("name: x\nretries: 3\n")
    result = dipcheck("lint", tmp_path, "--no-cache", "--format", "json")
    assert result.returncode == 0
    assert '"files": []' in result.stdout
    assert "nothing was linted" in result.stderr
    fixed = dipcheck("lint", tmp_path, "--no-cache", "--diff")
    assert "nothing was linted" in fixed.stderr


def test_quiet_keeps_the_warning_out(tmp_path: Path) -> None:
    result = dipcheck("lint", tmp_path, "--no-cache", "-q")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_workflow_has_no_warning() -> None:
    result = dipcheck("lint", CLEAN, "--no-cache")
    assert result.stdout == "All checks passed (1 file checked).\n"
    assert "nothing was linted" not in result.stderr

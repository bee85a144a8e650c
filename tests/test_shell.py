"""DIP123: shell syntax of tool commands through `bash -n`, with workflow placeholders masked
so that positions stay those of the file. Nothing is ever executed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import Finding, lint, only, run, template

from dipcheck.rules.shell import mask_placeholders

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")

TOOL = template(
    """
    workflow Sh
      start: Check
      exit: Check
      tool Check
        timeout: 1m
        command:
          if [ -f go.mod ]; then
            go vet ./...
          fi
          echo "${ctx.outcome} ${params.x}"
    """
)


def test_mask_keeps_length_and_leaves_shell_expansions() -> None:
    text = 'echo "${ctx.last_response}" ${HOME} ${x:-d} ${params.a}'
    masked = mask_placeholders(text)
    assert len(masked) == len(text)
    assert masked == 'echo "____________________" ${HOME} ${x:-d} ___________'


def test_dip123_twin_valid_command() -> None:
    assert only(lint(TOOL), "DIP123") == []


def test_dip123_error_points_at_the_reported_line() -> None:
    text = TOOL.replace("      fi\n", "      fi fi\n")
    assert only(lint(text), "DIP123") == [Finding("DIP123", "warning", (9, 7), (9, 12), "fi fi")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP123"]
    assert item.message == (
        "shell syntax error in the command of tool `Check`: syntax error near unexpected token `fi'"
    )


def test_dip123_unclosed_construct_points_at_the_end() -> None:
    text = TOOL.replace("      fi\n", "")
    findings = only(lint(text), "DIP123")
    assert findings == [
        Finding("DIP123", "warning", (9, 7), (9, 40), 'echo "${ctx.outcome} ${params.x}"')
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP123"]
    assert item.message == (
        "shell syntax error in the command of tool `Check`: syntax error: unexpected end of "
        "file (at the end of the command: something opened earlier is never closed)"
    )


def test_dip123_in_a_command_file(tmp_path: Path) -> None:
    (tmp_path / "check.sh").write_text('set -eu\nfor f in *.go; do\n  gofmt -l "$f"\n')
    text = template(
        """
        workflow Sh
          start: Check
          exit: Check
          tool Check
            timeout: 1m
            command_file: check.sh
        """
    )
    result = run(text, str(tmp_path / "sh.dip"))
    [item] = [item for item in result.diagnostics if item.code == "DIP123"]
    assert item.span.path.endswith("check.sh")
    assert item.span.text == 'gofmt -l "$f"'


def test_dip123_never_runs_the_command(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = TOOL.replace("go vet ./...", f"touch {marker}")
    run(text)
    assert not marker.exists()

"""The VS Code side of the simulator, in the extension harness of test_vscode_client.py (the
compiled extension with its real vscode-languageclient under Node, the real `dipcheck lsp`):
the palette command and the code lens's server command both show the trace in the
"dipcheck simulate" output channel and the Mermaid picture in a Markdown preview."""

from __future__ import annotations

from pathlib import Path

from helpers import FIXTURES
from test_vscode_client import compiled, run_extension, workspace

__all__ = ["compiled"]  # the module-scoped fixture, shared with test_vscode_client


def test_palette_command_and_code_lens_show_trace_and_picture(
    compiled: Path, tmp_path: Path
) -> None:
    folder = workspace(tmp_path, FIXTURES / "simulate" / "release.dip")
    document = folder / "release.dip"
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(document), "languageId": "dip"}],
            "run": [
                {"command": "dipcheck.showSimulation", "args": [document.as_uri()]},  # palette
                {"command": "dipcheck.simulate", "args": [document.as_uri(), {"show": True}]},
            ],  # the second is what the code lens runs
        },
    )
    assert seen["errors"] == []
    trace = "".join(seen["channels"]["dipcheck simulate"])
    # Test prints nothing by default: its conditions are false, the fallback to Fix wins and
    # Fix → Test loops until the workflow's 3 restarts are used up
    assert "path: Start → Build → (Test → Fix) \u00d74" in trace  # repeats folded
    assert "status: restarts_exhausted" in trace
    assert seen["answers"][1]["result"] == trace  # the lens's command answers with the trace
    for run, answer in zip(seen["runs"], seen["answers"], strict=True):
        assert run["errors"] == []
        (picture,) = run["opened"]
        assert picture["language"] == "markdown"
        assert "```mermaid\nflowchart TD\n" in picture["content"]
        assert [call[0] for call in answer["executed"]] == ["markdown.showPreviewToSide"]

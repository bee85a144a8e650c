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
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(folder / "release.dip"), "languageId": "dip"}],
            "run": [
                ["dipcheck.showSimulation", "${document}"],  # the palette command
                ["dipcheck.simulate", "${document}", {"show": True}],  # what the lens runs
            ],
        },
    )
    assert seen["errors"] == []
    trace = "".join(seen["channels"]["dipcheck simulate"])
    # Test prints nothing by default: its conditions are false, the fallback to Fix wins and
    # Fix → Test loops until the workflow's 3 restarts are used up
    assert "path: Start → Build → Test → Fix → Test → Fix → Test → Fix → Test → Fix" in trace
    assert "status: restarts_exhausted" in trace
    assert seen["ran"][1] == trace  # the lens's command answers with the trace it showed
    pictures = [doc["content"] for doc in seen["opened"]]
    assert len(pictures) == 2 and all(doc["language"] == "markdown" for doc in seen["opened"])
    assert all("```mermaid\nflowchart TD\n" in picture for picture in pictures)
    previews = [call for call in seen["executed"] if call[0] == "markdown.showPreviewToSide"]
    assert len(previews) == 2

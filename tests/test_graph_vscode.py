"""The VS Code side of `dipcheck graph`, in the extension harness of test_vscode_client.py (the
compiled extension with its real vscode-languageclient under Node, the real `dipcheck lsp`):
"dipcheck: Show Workflow Graph" opens the Mermaid picture of the open document, findings
included, in a Markdown preview."""

from __future__ import annotations

from pathlib import Path

from helpers import FIXTURES
from test_vscode_client import compiled, run_extension, workspace

__all__ = ["compiled"]  # the module-scoped fixture, shared with test_vscode_client


def test_show_workflow_graph_opens_the_mermaid_picture(compiled: Path, tmp_path: Path) -> None:
    folder = workspace(tmp_path, FIXTURES / "graph" / "review.dip")
    document = folder / "review.dip"
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(document), "languageId": "dip"}],
            "run": [{"command": "dipcheck.showGraph", "args": [document.as_uri()]}],
        },
    )
    assert seen["errors"] == []
    (run,) = seen["runs"]
    assert run["errors"] == []
    (picture,) = run["opened"]
    assert picture["language"] == "markdown"
    content = picture["content"]
    assert content.startswith("# review.dip\n\n```mermaid\nflowchart TD\n")
    # every node, an edge condition, the back edge, and the finding of the file
    for node in ("Start", "Draft", "Review", "Revise", "Publish", "Done"):
        assert f'"{node}' in content
    assert "verdict = approve" in content
    assert "↺" in content
    assert "DC" in content or "DIP" in content
    (answer,) = seen["answers"]
    assert [call[0] for call in answer["executed"]] == ["markdown.showPreviewToSide"]
    assert answer["result"] == content.split("\n\n", 1)[1]

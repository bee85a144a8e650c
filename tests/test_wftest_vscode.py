"""The VS Code side of workflow tests, in the extension harness of test_vscode_client.py (the
compiled extension with its real vscode-languageclient under Node, the real `dipcheck lsp`):
an open test file shows its failures as diagnostics; the palette command and the lenses'
server command (one test, or all) show the report in the "dipcheck test" output channel."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import FIXTURES
from test_vscode_client import VSCODE, compiled, run_extension, workspace

__all__ = ["compiled"]  # the module-scoped fixture, shared with test_vscode_client

FAILING = """\
tests:
  - name: clean lint ships
    nodes: {Lint: {stdout: lint-clean}}
    expect: {path: [Start, Lint, Approve, Done]}
  - name: expects the fix
    nodes: {Lint: {stdout: lint-clean}}
    expect: {path: [Start, Lint, Fix, Done]}
"""


def test_test_files_show_failures_and_the_commands_show_the_report(
    compiled: Path, tmp_path: Path
) -> None:
    folder = workspace(tmp_path, FIXTURES / "wftest" / "review.dip")
    tests = folder / "review.tests.yaml"
    tests.write_text(FAILING, encoding="utf-8")
    workflow = folder / "review.dip"
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(tests), "languageId": "yaml"}],
            "run": [
                {"command": "dipcheck.showTests", "args": [workflow.as_uri()]},  # palette
                {  # what the lens on one test runs
                    "command": "dipcheck.runTests",
                    "args": [tests.as_uri(), {"show": True, "test": "clean lint ships"}],
                },
            ],
        },
    )
    assert seen["errors"] == []
    (items,) = seen["diagnostics"].values()
    (failure,) = items
    assert failure["code"] == "path" and failure["severity"] == 0
    assert failure["range"] == [6, 13, 6, 17]  # `path` of the failing test
    assert failure["message"].startswith("expects the fix: the path differs from step 3")
    palette, lens = seen["answers"]
    assert "review.tests.yaml::expects the fix FAILED" in palette["result"]
    assert "1 failed, 1 passed" in palette["result"]
    assert lens["result"].startswith("review.tests.yaml::clean lint ships PASSED\n")
    assert "1 passed" in lens["result"] and "expects the fix" not in lens["result"]
    # the channel shows the last report
    assert "".join(seen["channels"]["dipcheck test"]) == lens["result"]
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    titles = {item["command"]: item["title"] for item in manifest["contributes"]["commands"]}
    assert titles["dipcheck.showTests"] == "Run Workflow Tests"
    assert "workspaceContains:**/*.test.json" in manifest["activationEvents"]


def test_dippin_test_files_are_served_too(compiled: Path, tmp_path: Path) -> None:
    folder = workspace(
        tmp_path,
        FIXTURES / "wftest" / "dippin" / "escalate.dip",
        FIXTURES / "wftest" / "dippin" / "escalate.test.json",
    )
    document = folder / "escalate.test.json"
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(document), "languageId": "json"}],
            "expect": 3,
        },
    )
    (items,) = seen["diagnostics"].values()
    assert sorted(item["code"] for item in items) == ["dippin", "status", "visited"]
    dippin = next(item for item in items if item["code"] == "dippin")
    assert "tracker ignores `else ->`" in dippin["message"]

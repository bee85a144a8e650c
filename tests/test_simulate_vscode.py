"""The VS Code side of the simulator: the compiled ``simulate.js`` under Node, with a
stand-in ``vscode`` module and a client that answers the server command, drives the palette
command and the code-lens middleware (tests/vscode/simulate_check.js)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import PROJECT

VSCODE = PROJECT / "editors" / "vscode"
CHECK = Path(__file__).parent / "vscode" / "simulate_check.js"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("npm/node are not on PATH")
    work = tmp_path_factory.mktemp("vscode") / "vscode"
    shutil.copytree(VSCODE, work, ignore=shutil.ignore_patterns("node_modules", "out", "*.vsix"))
    env = {**os.environ, "npm_config_audit": "false", "npm_config_fund": "false"}
    for args in (["ci"], ["run", "compile"]):
        result = subprocess.run(
            [npm, *args], cwd=work, env=env, stdin=subprocess.DEVNULL,
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        assert result.returncode == 0, f"npm {' '.join(args)}:\n{result.stdout}\n{result.stderr}"
    return work


def test_palette_command_and_lens_show_trace_and_picture(compiled: Path) -> None:
    result = subprocess.run(
        ["node", str(CHECK), str(compiled / "out" / "simulate.js")],
        cwd=compiled, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    calls = json.loads(result.stdout)
    formats = [request[1]["arguments"][1]["format"] for request in calls["requests"]]
    assert [request[1]["command"] for request in calls["requests"]] == ["dipcheck.simulate"] * 2
    assert formats == ["text", "mermaid"]  # the palette command asks the server for both
    appended = [entry[1] for entry in calls["channel"] if entry[0] == "append"]
    assert appended == ["status: success — reached the exit\n"] * 2  # palette, then lens
    assert [doc["language"] for doc in calls["opened"]] == ["markdown", "markdown"]
    assert all("```mermaid\nflowchart TD" in doc["content"] for doc in calls["opened"])
    assert [call[0] for call in calls["executed"]] == ["markdown.showPreviewToSide"] * 2
    assert calls["lens"] == "status: success — reached the exit\n"
    assert calls["plain"] == {"status": "success"}  # other calls pass through untouched
    assert calls["errors"] == []

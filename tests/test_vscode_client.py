"""The VS Code extension as VS Code runs it: ``editors/vscode`` compiled with ``tsc``, loaded
under Node with its real ``vscode-languageclient`` and a stand-in ``vscode`` module
(``editors/vscode/test/vscode-stub.js``; ``@vscode/test-electron`` would download a VS Code
build, which this machine cannot). ``test/harness.js`` activates the extension the way VS Code
decides to (its ``activationEvents``), opens documents, changes settings, and prints what an
editor would show: the server's ``initialize`` answer, the diagnostics collection, error
dialogs and output channels.

``tools/test.sh`` runs ``npm ci`` in ``editors/vscode``; without npm these tests skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import FIXTURES, PROJECT

VSCODE = PROJECT / "editors" / "vscode"
HARNESS = VSCODE / "test" / "harness.js"
# the `dipcheck` console script next to this Python, as `pip install` puts it
EXECUTABLE = Path(sys.executable).with_name("dipcheck")


def _npm(*args: str) -> None:
    npm = shutil.which("npm")
    assert npm is not None
    env = {**os.environ, "npm_config_audit": "false", "npm_config_fund": "false"}
    run = subprocess.run(
        [npm, *args],
        cwd=VSCODE,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, f"npm {' '.join(args)}:\n{run.stdout}\n{run.stderr}"


@pytest.fixture(scope="module")
def compiled() -> Path:
    """The extension compiled from the current sources (``npm ci`` first if needed)."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("node and npm are not on PATH (tools/test.sh expects them)")
    if not (VSCODE / "node_modules" / "vscode-languageclient").is_dir():
        _npm("ci")
    _npm("run", "compile")
    return VSCODE / "out" / "extension.js"


def run_extension(tmp_path: Path, scenario: dict[str, Any]) -> dict[str, Any]:
    settings = {"dipcheck.path": str(EXECUTABLE), "dipcheck.debounceMs": 20}
    scenario = {**scenario, "settings": {**settings, **scenario.get("settings", {})}}
    file = tmp_path / "scenario.json"
    file.write_text(json.dumps(scenario), encoding="utf-8")
    run = subprocess.run(
        ["node", str(HARNESS), str(file)],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def workspace(tmp_path: Path, *files: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    for item in files:
        shutil.copy(item, folder / item.name)
    return folder


def codes(items: list[dict[str, Any]] | None) -> list[tuple[str, list[int]]]:
    return sorted((item["code"], item["range"]) for item in items or [])


def test_the_extension_starts_the_server_and_shows_its_diagnostics(
    compiled: Path, tmp_path: Path
) -> None:
    """vscode-languageclient starts `dipcheck lsp --stdio`; the server must accept --stdio."""
    folder = workspace(tmp_path, FIXTURES / "lsp" / "broken.dip")
    document = folder / "broken.dip"
    seen = run_extension(
        tmp_path,
        {"folder": str(folder), "open": [{"path": str(document), "languageId": "dip"}]},
    )
    assert seen["activation"] == "onLanguage:dip"
    assert seen["errors"] == []
    assert seen["serverInfo"]["name"] == "dipcheck"
    assert "diagnosticProvider" in seen["capabilities"]
    (items,) = seen["diagnostics"].values()
    # ranges are 0-based [line, character, end line, end character]; severity 0 is Error
    assert codes(items) == [
        ("DIP003", [19, 11, 19, 16]),
        ("DIP004", [10, 8, 10, 14]),  # `Answer`; `Done` behind it is related information
    ]
    unknown = next(item for item in items if item["code"] == "DIP003")
    assert unknown["severity"] == 0
    assert unknown["message"] == (
        "edge target `Answr` is not a declared node (did you mean `Answer`?)"
    )


def test_a_missing_server_is_explained_with_install_steps_that_work(
    compiled: Path, tmp_path: Path
) -> None:
    folder = workspace(tmp_path, FIXTURES / "lsp" / "broken.dip")
    seen = run_extension(
        tmp_path,
        {
            "settings": {"dipcheck.path": str(tmp_path / "no-such-dipcheck")},
            "folder": str(folder),
            "open": [{"path": str(folder / "broken.dip"), "languageId": "dip"}],
            "timeoutMs": 500,
        },
    )
    (dialog,) = seen["errors"]
    assert "language server could not be started" in dialog
    assert "pipx install" in dialog
    assert "editors/README.md" in dialog
    assert "pip install dipcheck" not in dialog  # not on PyPI: that command fails


def test_the_trace_lands_in_the_channel_the_setting_describes(
    compiled: Path, tmp_path: Path
) -> None:
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    description = manifest["contributes"]["configuration"]["properties"]["dipcheck.trace.server"]
    channel = description["description"].split("'")[1]
    folder = workspace(tmp_path, FIXTURES / "lsp" / "broken.dip")
    seen = run_extension(
        tmp_path,
        {
            "settings": {"dipcheck.trace.server": "messages"},
            "folder": str(folder),
            "open": [{"path": str(folder / "broken.dip"), "languageId": "dip"}],
        },
    )
    assert any("Sending request 'initialize" in line for line in seen["channels"][channel])


def test_a_workspace_of_yaml_step_workflows_activates_the_extension(
    compiled: Path, tmp_path: Path
) -> None:
    source = FIXTURES / "steps" / "broken_unknown_target.yaml"
    folder = workspace(tmp_path, source)
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(folder / source.name), "languageId": "yaml"}],
        },
    )
    assert seen["activation"] == "onLanguage:yaml"
    (items,) = seen["diagnostics"].values()
    assert [item["code"] for item in items] == ["DIP003"]


def test_rule_settings_apply_without_restarting_the_server(compiled: Path, tmp_path: Path) -> None:
    folder = workspace(tmp_path, FIXTURES / "lsp" / "broken.dip")
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(folder / "broken.dip"), "languageId": "dip"}],
            "expect": 2,
            "then": {"settings": {"dipcheck.ignore": ["DIP004"]}},
        },
    )
    (before,) = seen["diagnostics"].values()
    (after,) = seen["after"].values()
    assert sorted(item["code"] for item in before) == ["DIP003", "DIP004"]
    assert [item["code"] for item in after] == ["DIP003"]
    assert seen["sameClient"] is True


def test_explain_rule_from_the_palette_and_from_a_diagnostic(
    compiled: Path, tmp_path: Path
) -> None:
    """ "dipcheck: Explain Rule…" runs the server's dipcheck.explainRule and opens the Markdown;
    each dipcheck diagnostic offers "Explain CODE"."""
    folder = workspace(tmp_path, FIXTURES / "lsp" / "broken.dip")
    seen = run_extension(
        tmp_path,
        {
            "folder": str(folder),
            "open": [{"path": str(folder / "broken.dip"), "languageId": "dip"}],
            "expect": 2,
            "explainActions": True,
            "run": [
                {"command": "dipcheck.showRule", "args": ["DIP003"]},
                {"command": "dipcheck.showRule", "input": "unknown-node-reference"},
                {"command": "dipcheck.showRule", "args": ["XX999"]},
                {"command": "dipcheck.showRule", "input": ""},  # the input box dismissed
            ],
        },
    )
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    titles = {item["command"]: item["title"] for item in manifest["contributes"]["commands"]}
    assert titles["dipcheck.showRule"] == "Explain Rule…"

    (actions,) = seen["explainActions"].values()
    assert actions == [
        {
            "title": f"Explain {code}",
            "kind": "quickfix",
            "command": {
                "command": "dipcheck.showRule",
                "title": f"Explain {code}",
                "arguments": [code],
            },
        }
        for code in ("DIP004", "DIP003")  # in the order of the diagnostics
    ]

    explained = printed_rule("DIP003")
    by_code, by_name, unknown, dismissed = seen["runs"]
    assert [item["language"] for item in by_code["opened"]] == ["markdown"]
    markdown = by_code["opened"][0]["content"]
    assert markdown.startswith("# DIP003 unknown-node-reference\n")
    assert explained.splitlines()[2] in markdown  # the summary `dipcheck rule` prints
    assert by_code["errors"] == []
    assert by_name["opened"] == by_code["opened"]
    assert unknown == {
        "opened": [],
        "errors": ["dipcheck: no rule `XX999`; `dipcheck rule --all` lists them"],
    }
    assert dismissed == {"opened": [], "errors": []}


def printed_rule(code: str) -> str:
    run = subprocess.run(
        [str(EXECUTABLE), "rule", code], capture_output=True, text=True, check=True
    )
    return run.stdout

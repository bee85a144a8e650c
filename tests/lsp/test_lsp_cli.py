"""How the server is started: ``dipcheck lsp`` and ``python -m dipcheck_lsp``; ``dipcheck lint``
does not pay for the server's imports."""

from __future__ import annotations

import json
import subprocess
import sys

from lsp_support import PROJECT


def frame(message: dict[str, object]) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def test_python_m_dipcheck_lsp_speaks_lsp_over_stdio() -> None:
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck_lsp"],
        input=b"".join(frame(message) for message in messages),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr.decode()
    header, _, body = run.stdout.partition(b"\r\n\r\n")
    assert header.startswith(b"Content-Length: ")
    first = json.JSONDecoder().raw_decode(body.decode("utf-8"))[0]
    assert first["id"] == 1
    assert first["result"]["serverInfo"]["name"] == "dipcheck"
    capabilities = first["result"]["capabilities"]
    assert capabilities["positionEncoding"] == "utf-16"
    assert "diagnosticProvider" not in capabilities  # the client did not offer pull
    assert capabilities["documentFormattingProvider"] is True
    assert capabilities["documentRangeFormattingProvider"] is True
    assert capabilities["codeActionProvider"]["codeActionKinds"] == [
        "quickfix",
        "source.fixAll.dipcheck",
    ]


def test_the_lsp_subcommand_is_listed() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "--help"], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0
    assert "lsp" in run.stdout
    assert "language server" in run.stdout


def test_lint_does_not_import_the_server() -> None:
    code = (
        "import contextlib, io, sys\n"
        "from dipcheck.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['lint', {str(PROJECT / 'fixtures' / 'review_loop.dip')!r}])\n"
        "print(sorted(name for name in ('pygls', 'lsprotocol', 'dipcheck_lsp') "
        "if name in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_editor_options_are_accepted_and_help_does_not_start_the_server() -> None:
    """vscode-languageclient runs `dipcheck lsp --stdio`; `--help`/`--version` answer and exit
    (with no input on stdin a started server would wait; `timeout` turns that into a failure)."""
    for command in (
        [sys.executable, "-m", "dipcheck", "lsp", "--help"],
        [sys.executable, "-m", "dipcheck_lsp", "--help"],
    ):
        run = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
        assert run.returncode == 0, run.stderr
        assert "--stdio" in run.stdout
    for command in (
        [sys.executable, "-m", "dipcheck", "lsp", "--version"],
        [sys.executable, "-m", "dipcheck_lsp", "--version"],
    ):
        run = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
        assert run.returncode == 0, run.stderr
        assert run.stdout.startswith("dipcheck ")
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lsp", "--stdio", "--clientProcessId=1"],
        input=b"".join(frame(message) for message in messages),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr.decode()
    assert b'"serverInfo"' in run.stdout
    usage = subprocess.run(
        [sys.executable, "-m", "dipcheck", "lsp", "--bogus"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert usage.returncode == 2
    assert "unrecognized arguments: --bogus" in usage.stderr

"""The language server under hostile input (issue 19 §1): a workflow that names the server's own
standard input, FIFOs and devices is linted without reading them, and the server keeps
answering. Driven over raw JSON-RPC (``raw_support``) so every byte is under the test's
control."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from raw_support import RawServer, frame

PARENT = "workflow Parent\n  start: S\n  exit: S\n  subgraph S\n    ref: {ref}\n"
AGENT = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt_file: {target}\n"
AGENT_OK = "workflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n"


@pytest.fixture
def server(tmp_path: Path):
    peer = RawServer(tmp_path)
    peer.initialize(tmp_path)
    yield peer
    peer.kill()


def _open(server: RawServer, path: Path, text: str) -> str:
    uri = path.as_uri()
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "dip", "version": 1, "text": text}},
    )
    return uri


def _published(server: RawServer, uri: str) -> list[dict[str, object]]:
    message = server.wait_for(
        lambda item: (
            item.get("method") == "textDocument/publishDiagnostics" and item["params"]["uri"] == uri
        )
    )
    return message["params"]["diagnostics"]


def _still_answers(server: RawServer) -> None:
    server.request(50, "shutdown")
    assert server.answer(50).get("result", "missing") is None
    server.notify("exit")
    assert server.finish() == 0


def test_ref_dev_stdin_does_not_read_the_json_rpc_stream(server: RawServer, tmp_path: Path) -> None:
    uri = _open(server, tmp_path / "parent.dip", PARENT.format(ref="/dev/stdin"))
    _published(server, uri)
    server.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert "result" in server.answer(2)
    _still_answers(server)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_fifo_prompt_file_and_child_are_findings(server: RawServer, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "prompt.md")
    os.mkfifo(tmp_path / "child.dip")
    agent = _open(server, tmp_path / "agent.dip", AGENT.format(target="prompt.md"))
    found = _published(server, agent)
    assert [item["code"] for item in found] == ["DC003"]
    assert "named pipe (FIFO), not a regular file" in found[0]["message"]
    parent = _open(server, tmp_path / "parent.dip", PARENT.format(ref="child.dip"))
    found = _published(server, parent)
    assert [item["code"] for item in found] == ["DIP126"]
    # hover on the ref says what is there ("not found" before), without opening it
    position = {"line": 4, "character": PARENT.splitlines()[4].index("{ref}") + 2}
    server.request(3, "textDocument/hover", {"textDocument": {"uri": parent}, "position": position})
    shown = server.answer(3)["result"]["contents"]["value"]
    assert shown == (
        f"Subgraph child `child.dip`: {tmp_path / 'child.dip'} cannot be read: it is a named "
        "pipe (FIFO), not a regular file"
    )
    _still_answers(server)


# -- stale results -----------------------------------------------------------------------------


def test_a_childs_prompt_file_change_relints_the_parent(server: RawServer, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "child.dip").write_text(
        "workflow C\n  start: A\n  exit: A\n  agent A\n    prompt_file: p.md\n", encoding="utf-8"
    )
    prompt = tmp_path / "sub" / "p.md"
    prompt.write_text("Use ${ctx.whatever}\n", encoding="utf-8")
    uri = _open(server, tmp_path / "parent.dip", PARENT.format(ref="sub/child.dip"))
    assert [item["code"] for item in _published(server, uri)] == ["DC310"]
    prompt.write_text("Plain words.\n", encoding="utf-8")
    server.notify(
        "workspace/didChangeWatchedFiles", {"changes": [{"uri": prompt.as_uri(), "type": 2}]}
    )
    server.wait_for(
        lambda item: (
            item.get("method") == "textDocument/publishDiagnostics"
            and item["params"]["uri"] == uri
            and item["params"]["diagnostics"] == []
        )
    )
    _still_answers(server)


# -- the JSON-RPC stream -----------------------------------------------------------------------

BODY = b'{"jsonrpc": "2.0", "id": 7, "method": "shutdown"}'
# nested past json.loads' depth: it raised RecursionError, logged as an error in the server
# (a pop-up), and the message was never answered
DEEP = b"[" * 100_000 + b"]" * 100_000


def _busy(server: RawServer, tmp_path: Path) -> str:
    """Requests still running: simulations of an open workflow."""
    uri = _open(server, tmp_path / "w.dip", EDITED.replace("Answr", "Answer"))
    for number in range(2, 8):
        server.request(number, "workspace/executeCommand", {
            "command": "dipcheck.simulate", "arguments": [uri, {"format": "json"}],
        })  # fmt: skip
    return uri


def test_shutdown_while_requests_run_cancels_them(server: RawServer, tmp_path: Path) -> None:
    # found by tools/fuzz.py (lsp seed 2026 #7): pygls' shutdown cancelled the running requests
    # while iterating over the table their cancellation shrinks, answered InternalError and
    # never counted the server as shut down
    uri = _busy(server, tmp_path)
    server.request(20, "shutdown")
    assert server.answer(20) == {"jsonrpc": "2.0", "id": 20, "result": None}
    for number in range(2, 8):  # each answered: done, or cancelled
        answer = server.answer(number)
        assert "result" in answer or answer["error"]["code"] == -32800, answer
    server.request(21, "textDocument/hover", {
        "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0},
    })  # fmt: skip
    assert server.answer(21)["error"]["code"] == -32600
    server.notify("exit")
    assert server.finish() == 0
    assert server.process.stderr is not None
    assert "Traceback" not in server.process.stderr.read().decode()


@pytest.mark.parametrize("shutdown", [True, False])
def test_exit_while_requests_run_ends_at_once(
    server: RawServer, tmp_path: Path, shutdown: bool
) -> None:
    # pygls closed the output and raised SystemExit inside the message loop, which the server
    # swallowed (status 0 either way); the running work then wrote to the closed stream
    _busy(server, tmp_path)
    if shutdown:
        server.request(20, "shutdown")
    server.notify("exit")
    assert server.finish(timeout=10) == (0 if shutdown else 1)
    assert server.process.stderr is not None
    assert "Traceback" not in server.process.stderr.read().decode()


@pytest.mark.parametrize(
    "bad",
    [
        b"Content-Length: abc\r\n\r\n" + BODY,
        b"Content-Length: -5\r\n\r\n" + BODY,
        b"Content-Length: 99999999999999\r\n\r\n" + BODY,
        b"Content-Length 49\r\n\r\n" + BODY,
        b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + BODY,
        b"Content-Length: 12\r\n\r\nnot json at!",
        frame(b'{"jsonrpc": "2.0", "id": 7, "method": "x", "params": ' + DEEP + b"}"),
    ],
    ids=["not-a-number", "negative", "too-large", "no-colon", "no-length", "not-json", "deep"],
)
def test_a_malformed_message_is_a_parse_error_and_the_server_goes_on(
    server: RawServer, tmp_path: Path, bad: bytes
) -> None:
    server.send(bad)
    error = server.wait_for(lambda item: "error" in item and item.get("id") is None)
    assert error["error"]["code"] == -32700
    uri = _open(server, tmp_path / "w.dip", AGENT.format(target="missing.md"))
    assert [item["code"] for item in _published(server, uri)] == ["DC003"]
    server.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert "result" in server.answer(2)
    _still_answers(server)


def test_other_headers_are_accepted(server: RawServer, tmp_path: Path) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}).encode()
    server.send(
        b"content-type: application/vscode-jsonrpc; charset=utf-8\r\n"
        + f"content-length: {len(body)}\r\n\r\n".encode()
        + body
    )
    assert server.answer(4).get("result", "missing") is None


EDITED = (
    "workflow Editor\n  start: Ask\n  exit: Done\n  agent Ask\n    prompt:\n      What?\n"
    "  agent Answer\n    label: Answer\n  agent Done\n    label: Done\n  edges\n"
    "    Ask -> Answr\n    Answer -> Done\n"
)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
def test_a_change_past_a_line_end_keeps_the_line_break(tmp_path: Path, encoding: str) -> None:
    # found by tools/fuzz.py (lsp seed 2026 #51): pygls let the end of a change past the end
    # of its line delete the line break, so the server's text and its ranges were a line off
    server = RawServer(tmp_path)
    server.request(1, "initialize", {
        "processId": None, "rootUri": tmp_path.as_uri(),
        "capabilities": {"general": {"positionEncodings": [encoding]}},
    })  # fmt: skip
    assert server.answer(1)["result"]["capabilities"]["positionEncoding"] == encoding
    server.notify("initialized", {})
    uri = _open(server, tmp_path / "w.dip", EDITED)
    _published(server, uri)
    # delete from the end of `      What?` to one past the end of `    label: Answer`
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{
            "range": {"start": {"line": 5, "character": 11}, "end": {"line": 7, "character": 18}},
            "text": "",
        }],
    })  # fmt: skip
    message = server.wait_for(
        lambda item: (
            item.get("method") == "textDocument/publishDiagnostics"
            and item["params"].get("version") == 2
        )
    )
    found = sorted(
        (
            item["code"],
            *(item["range"][end][key] for end in ("start", "end") for key in ("line", "character")),
        )
        for item in message["params"]["diagnostics"]
    )
    # the text is now "…      What?\n  agent Done\n    label: Done\n  edges\n    Ask -> Answr\n…"
    assert found == [
        ("DIP003", 9, 11, 9, 16),
        ("DIP003", 10, 4, 10, 10),
        ("DIP004", 6, 8, 6, 12),
    ]
    _still_answers(server)


def test_a_request_after_shutdown_is_an_invalid_request(server: RawServer, tmp_path: Path) -> None:
    server.request(2, "shutdown")
    assert server.answer(2).get("result", "missing") is None
    server.request(3, "textDocument/hover", {
        "textDocument": {"uri": (tmp_path / "w.dip").as_uri()},
        "position": {"line": 0, "character": 0},
    })  # fmt: skip
    answer = server.answer(3)
    assert answer["error"]["code"] == -32600
    assert "shut down" in answer["error"]["message"]
    server.request(4, "shutdown")
    assert server.answer(4)["error"]["code"] == -32600
    # whatever the params hold, and for a second `initialize` (it was InvalidParams, and
    # "already initialized")
    server.request(5, "textDocument/hover", {"textDocument": 5})
    server.request(6, "initialize", {"processId": None, "capabilities": {}})
    for number in (5, 6):
        error = server.answer(number)["error"]
        assert error["code"] == -32600
        assert error["message"].endswith("the server is shut down; only `exit` is accepted")
    server.notify("exit")
    assert server.finish() == 0


@pytest.mark.parametrize(
    "bad",
    [b"Content-Length: abc\r\n\r\n", b"Content-Length: 400\r\n\r\n" + BODY],
    ids=["malformed-then-end", "body-cut-short"],
)
def test_the_end_of_input_after_a_malformed_message_ends_the_server(
    server: RawServer, bad: bytes
) -> None:
    server.send(bad)
    assert server.process.stdin is not None
    server.process.stdin.close()
    code = server.finish(timeout=30)  # no hang: the server stops at the end of its input
    assert server.process.stderr is not None
    assert b"Traceback" not in server.process.stderr.read()
    assert code in (0, 1)


CHAIN = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: go\n"


@pytest.mark.parametrize("answered_first", [False, True], ids=["input-ends-first", "answered"])
def test_the_end_of_input_during_a_command_ends_the_server_without_a_traceback(
    server: RawServer, tmp_path: Path, answered_first: bool
) -> None:
    """The input ended while `dipcheck.simulate` was still running: asyncio cancelled the
    command's task, and pygls, which runs commands as a task of their own, read its result
    and logged `CancelledError` as "Exception in callback" (tools/fuzz.py lsp seed 1205
    #449). Its twin: a command answered before the input ends."""
    uri = _open(server, tmp_path / "w.dip", CHAIN)
    server.request(2, "workspace/executeCommand", {
        "command": "dipcheck.simulate", "arguments": [uri, {"format": "text"}],
    })  # fmt: skip
    if answered_first:
        assert "result" in server.answer(2)
    assert server.process.stdin is not None
    server.process.stdin.close()
    assert server.finish(timeout=30) in (0, 1)
    assert server.process.stderr is not None
    log = server.process.stderr.read().decode("utf-8", "replace")
    assert "Traceback" not in log and "CancelledError" not in log


def _peak_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the peak from /proc")
def test_a_header_line_without_a_line_break_is_never_held_whole(server: RawServer) -> None:
    """64 MiB without a line break where a header should be: read in pieces of at most
    MAX_HEADER_LINE bytes, each a parse error or skipped, then the next message is answered.
    pygls' reader held the whole line (and copies of it): a gigabyte took a gigabyte."""
    before = _peak_kib(server.process.pid)
    server.send(b"x" * (64 * 1024 * 1024))
    server.request(7, "shutdown")
    assert server.answer(7).get("result", "missing") is None
    assert server.wait_for(lambda item: "error" in item and item.get("id") is None)
    assert _peak_kib(server.process.pid) - before < 16 * 1024  # KiB: not the 64 MiB line


def test_a_bounded_header_read_takes_the_line_in_pieces() -> None:
    """A header line longer than MAX_HEADER_LINE is read a piece at a time (the first is a
    header without `:`), the next `Content-Length:` found, and its message read whole."""
    import io

    from dipcheck_lsp.stream import MAX_HEADER_LINE, Framer, _Malformed

    stream = io.BytesIO(b"a" * (MAX_HEADER_LINE + 5) + b"\nContent-Length: 2\r\n\r\n{}")
    framer = Framer(stream)
    with pytest.raises(_Malformed, match="a header line without `:`: b'aaaa"):
        framer.message()
    assert stream.tell() == MAX_HEADER_LINE  # not the whole line
    assert framer.resynchronise()
    assert framer.message() == b"{}"
    assert framer.message() is None


@pytest.mark.parametrize("command", ["dipcheck.simulate", "dipcheck.graph", "dipcheck.runTests"])
def test_a_nul_in_the_document_uri_is_refused(
    server: RawServer, tmp_path: Path, command: str
) -> None:
    """`%00` in the URI: the command answered null and logged a traceback (os.path.realpath
    raised on the NUL); it is refused with a reason, as other unusable documents are."""
    uri = (tmp_path / "w.dip").as_uri().replace("w.dip", "w%00x.dip")
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "dip", "version": 1, "text": AGENT_OK}},
    )
    server.request(2, "workspace/executeCommand", {"command": command, "arguments": [uri]})
    answer = server.answer(2)
    assert answer.get("error", {}).get("message") == (
        f"{command}: {uri} names a file with a NUL character (%00), which no file can have; "
        "save the document under another name"
    ), answer
    _still_answers(server)
    assert not [
        item
        for item in server.seen
        if item.get("method") == "window/logMessage" and "Traceback" in item["params"]["message"]
    ]


# -- settings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("debounce", [1e300, -1, "x"])
def test_unusable_settings_are_refused_in_one_message_each(
    tmp_path: Path, debounce: object
) -> None:
    """`debounceMs: 1e300` was taken (no lint ever ran again after an edit) and -1 or "x"
    were dropped without a word; each selector no rule matches was a message of its own
    (thousands of them, thousands of error pop-ups)."""
    server = RawServer(tmp_path)
    try:
        server.request(1, "initialize", {
            "processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {},
            "initializationOptions": {
                "debounceMs": debounce, "select": [f"bogus{n}" for n in range(50)] + ["DC1"] * 9,
            },
        })  # fmt: skip
        server.answer(1)
        server.notify("initialized", {})
        uri = _open(server, tmp_path / "w.dip", AGENT_OK)
        _published(server, uri)
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": AGENT_OK}],
        })  # fmt: skip
        server.wait_for(
            lambda item: (
                item.get("method") == "textDocument/publishDiagnostics"
                and item["params"].get("version") == 2
            ),
            timeout=10,
        )
        shown = [
            item["params"]["message"]
            for item in server.seen
            if item.get("method") == "window/showMessage"
        ]
        assert shown == [
            "dipcheck: setting `debounceMs` must be a number of milliseconds from 0 to 60000; "
            "the setting is ignored",
            "dipcheck: setting `select`: no rule matches 'bogus0', 'bogus1', 'bogus2', 'bogus3', "
            "'bogus4' (and 45 more); the setting is ignored",
        ]
        _still_answers(server)
    finally:
        server.kill()


# -- code actions ------------------------------------------------------------------------------

UNREAD = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: use ${ctx.nope}\n"


def _forged(server: RawServer, tmp_path: Path, data: object) -> list[dict[str, object]]:
    uri = _open(server, tmp_path / "w.dip", UNREAD)
    [finding] = _published(server, uri)
    forged = {**finding, "data": data}
    server.request(2, "textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": finding["range"],
        "context": {"diagnostics": [forged], "only": ["quickfix"]},
    })  # fmt: skip
    return server.answer(2)["result"]


def test_a_forged_diagnostic_data_edits_nothing_but_what_the_server_published(
    server: RawServer, tmp_path: Path
) -> None:
    """The `data` a client sends back with a diagnostic was taken as it came whenever its
    version was the document's: a forged fix could write any text to any file
    (`file:///home/user/.bashrc`). The server's own copy is used."""
    uri = (tmp_path / "w.dip").as_uri()
    outside = {"uri": "file:///home/user/.bashrc", "range": [0, 0, 0, 0], "newText": "evil\n"}
    fix = {"title": "tidy up", "safe": True, "edits": [outside]}
    [action] = _forged(server, tmp_path, {"uri": uri, "version": 1, "fix": fix})
    assert action["title"] == "Suppress DC102 (unproduced-context-key) on this line"
    assert list(action["edit"]["changes"]) == [uri]
    assert "evil" not in json.dumps(action["edit"])
    _still_answers(server)


def test_a_malformed_diagnostic_data_is_no_failure(server: RawServer, tmp_path: Path) -> None:
    """`data` of the document's version with a `fix` of the wrong shape raised in the
    handler (a traceback in the log, no actions)."""
    uri = (tmp_path / "w.dip").as_uri()
    data = {"uri": uri, "version": 1, "fix": {"title": 5, "edits": "x"}, "suppress": 7}
    assert [item["title"] for item in _forged(server, tmp_path, data)] == [
        "Suppress DC102 (unproduced-context-key) on this line"
    ]
    _still_answers(server)
    assert not [item for item in server.seen if item.get("method") == "window/logMessage"]


# -- test files --------------------------------------------------------------------------------


def _run_tests(server: RawServer, number: int, uri: str) -> dict:
    """The answer to `dipcheck.runTests` on ``uri`` (the text report), sent as request
    ``number``."""
    server.request(number, "workspace/executeCommand", {
        "command": "dipcheck.runTests", "arguments": [uri, {"format": "text"}],
    })  # fmt: skip
    return server.answer(number)


def test_a_test_file_linking_out_of_the_workspace_is_not_read(tmp_path: Path) -> None:
    """The server started in a directory above the workspace (an editor started in the home
    directory): the test files' tree was that directory, so a test file in the workspace
    linking to a file there was read, and `dipcheck.runTests` answered with its tests' names."""
    (tmp_path / "secret.tests.yaml").write_text(
        "workflow: w.dip\ntests:\n  - name: SECRET_abc123\n    expect:\n      status: success\n",
        encoding="utf-8",
    )
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "w.dip").write_text(AGENT_OK, encoding="utf-8")
    (root / "w.tests.yaml").symlink_to(tmp_path / "secret.tests.yaml")
    server = RawServer(tmp_path)
    try:
        server.initialize(root)
        report = _run_tests(server, 2, (root / "w.dip").as_uri())["result"]
        assert "SECRET" not in report
        assert "w.tests.yaml:1:1: not read: it is a symbolic link to a file outside `.`" in report
        _still_answers(server)
    finally:
        server.kill()


def test_tests_outside_the_workspace_are_not_run(tmp_path: Path) -> None:
    """`dipcheck.runTests` ran the tests of any `file:` URI the client sent, and answered with
    the test file's tests' names and the workflow's node ids: only an open document or a file
    inside the workspace is run now."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "w.dip").write_text(AGENT_OK, encoding="utf-8")
    (outside / "w.tests.yaml").write_text(
        "tests:\n  - name: SECRET_abc123\n    expect:\n      status: success\n",
        encoding="utf-8",
    )
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "w.dip").write_text(AGENT_OK, encoding="utf-8")
    (root / "w.tests.yaml").write_text(
        "tests:\n  - name: inside_ok\n    expect:\n      status: success\n", encoding="utf-8"
    )
    server = RawServer(tmp_path)
    try:
        server.initialize(root)
        for number, uri in enumerate([(outside / "w.dip").as_uri(), "file:///%00x.dip"], 2):
            error = _run_tests(server, number, uri)["error"]
            assert error["message"] == (
                f"dipcheck.runTests: {uri} is neither open in the editor nor inside the "
                f"workspace ({root}): its tests are not run"
            )
        assert "inside_ok" in _run_tests(server, 4, (root / "w.dip").as_uri())["result"]
        assert "SECRET" not in str(server.seen)
        _still_answers(server)
    finally:
        server.kill()


def test_a_workspace_at_the_root_runs_only_open_documents_tests(tmp_path: Path) -> None:
    """A workspace of `/` (or the home directory) holds every file: there, only an open
    document's tests are run."""
    (tmp_path / "w.dip").write_text(AGENT_OK, encoding="utf-8")
    (tmp_path / "w.tests.yaml").write_text(
        "tests:\n  - name: SECRET_abc123\n    expect:\n      status: success\n",
        encoding="utf-8",
    )
    server = RawServer(tmp_path)
    try:
        server.initialize(Path("/"))
        error = _run_tests(server, 2, (tmp_path / "w.dip").as_uri())["error"]
        assert "is neither open in the editor nor inside" in error["message"]
        assert "SECRET" not in str(server.seen)
        _still_answers(server)
    finally:
        server.kill()


def test_an_object_in_the_params_shaped_like_a_message_is_not_one(server: RawServer) -> None:
    """pygls structured every object of a message as a message of its own: one in the params
    shaped like a request with unusable params was answered with an error under its id (the
    id of a request the client may be waiting on)."""
    inner = {"jsonrpc": "2.0", "id": 77, "method": "textDocument/hover", "params": {}}
    server.request(5, "workspace/executeCommand", {
        "command": "dipcheck.explainRule", "arguments": [inner],
    })  # fmt: skip
    assert server.answer(5)["error"]["code"] == -32602
    _still_answers(server)
    assert not [item for item in server.seen if item.get("id") == 77]


# -- simulation scenarios ----------------------------------------------------------------------


def test_a_scenario_outside_the_workspace_is_not_read(tmp_path: Path) -> None:
    """`dipcheck.simulate` read the `scenario` option's file wherever it was: a client's
    `{"scenario": "../../../etc/shadow"}` was answered with "unknown field `root:…`", the
    file's first line. Only a scenario inside the workspace is read now."""
    (tmp_path / "secret.yaml").write_text("SECRET_abc123: 1\n", encoding="utf-8")
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "s.yaml").write_text("max_steps: 5\n", encoding="utf-8")
    (root / "linked.yaml").symlink_to(tmp_path / "secret.yaml")
    server = RawServer(tmp_path)
    try:
        server.initialize(root)
        uri = _open(server, root / "w.dip", AGENT_OK)
        refused = [
            "../secret.yaml",
            str(tmp_path / "secret.yaml"),
            "linked.yaml",
            "../" + "x" * 100,
        ]
        for number, scenario in enumerate(refused, 2):
            server.request(number, "workspace/executeCommand", {
                "command": "dipcheck.simulate", "arguments": [uri, {"scenario": scenario}],
            })  # fmt: skip
            shown = repr(scenario)
            if len(scenario) > 60:
                shown = f"{scenario[:60]!r}… ({len(scenario)} characters)"
            assert server.answer(number)["error"] == {
                "code": -32803,
                "message": f"dipcheck.simulate: the scenario {shown} is not a file inside the "
                f"workspace ({root}): it is not read",
            }
        server.request(9, "workspace/executeCommand", {
            "command": "dipcheck.simulate", "arguments": [uri, {"scenario": "s.yaml"}],
        })  # fmt: skip
        assert server.answer(9)["result"]["status"] == "success"
        assert "SECRET" not in str(server.seen)
        _still_answers(server)
    finally:
        server.kill()


# -- workspace symbols -------------------------------------------------------------------------


def test_a_workspace_at_the_home_directory_is_not_searched_for_symbols(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`workspace/symbol` walked the workspace folder whatever it was: an editor opened at `/`
    read every workflow file on the machine (87 s and 780 MB here) and answered with their
    names, at the home directory every one of the user's. Such a folder counts as none, as for
    `dipcheck.runTests`: the open documents' symbols are the answer."""
    home = tmp_path / "home"
    (home / "project").mkdir(parents=True)
    (home / "project" / "other.dip").write_text(
        AGENT_OK.replace("workflow W", "workflow Elsewhere"), encoding="utf-8"
    )
    monkeypatch.setenv("HOME", str(home))
    server = RawServer(tmp_path)
    try:
        server.initialize(home)
        uri = _open(server, home / "project" / "w.dip", AGENT_OK)
        _published(server, uri)
        server.request(2, "workspace/symbol", {"query": ""})
        assert [item["name"] for item in server.answer(2)["result"]] == ["W", "A"]
        _still_answers(server)
    finally:
        server.kill()


# -- echoes ------------------------------------------------------------------------------------

BIG = "x" * 1_000_000
BIG_SHOWN = f"{BIG[:60]!r}… (1000000 characters)"


@pytest.mark.parametrize(
    ("method", "params", "message"),
    [
        (BIG, {}, f"Method Not Found: {BIG_SHOWN}"),
        (
            "workspace/executeCommand",
            {"command": BIG},
            f"no command {BIG_SHOWN}; the server runs dipcheck.explainRule, dipcheck.graph, "
            "dipcheck.runTests, dipcheck.simulate",
        ),
        (
            "workspace/executeCommand",
            {"command": "dipcheck.explainRule", "arguments": [BIG]},
            f"no rule {BIG_SHOWN}; `dipcheck rule --all` lists them",
        ),
        (
            "workspace/executeCommand",
            {"command": "dipcheck.simulate", "arguments": [BIG]},
            f"{BIG_SHOWN} is not an open document",
        ),
        (
            "workspace/executeCommand",
            {"command": "dipcheck.graph", "arguments": [BIG]},
            f"{BIG_SHOWN} is not an open document",
        ),
        (
            "workspace/executeCommand",
            {"command": "dipcheck.runTests", "arguments": [BIG]},
            f"dipcheck.runTests: {BIG_SHOWN} is neither open in the editor nor inside the "
            "workspace ({root}): its tests are not run",
        ),
        (
            "textDocument/rename",
            {"position": {"line": 3, "character": 9}, "newName": BIG + "!"},
            f"{BIG[:60]!r}… (1000001 characters) is not a valid node id: use letters, digits, "
            "`_` and `-` (and not the word `else`)",
        ),
    ],
    ids=["method", "command", "rule", "simulate", "graph", "runTests", "rename"],
)
def test_a_megabyte_the_client_sent_is_not_echoed(
    server: RawServer, tmp_path: Path, method: str, params: dict[str, object], message: str
) -> None:
    """Each error answer quoted the client's value whole (a 1 MB method, command, rule, URI or
    new name made a 1 MB message the editor shows), and pygls wrote it to the log too, with a
    traceback for an unknown command: 5 MB of standard error for three requests. The value is
    quoted in part, as `terminal.quoted` does for the command line."""
    uri = _open(server, tmp_path / "w.dip", AGENT_OK)
    _published(server, uri)
    if method == "textDocument/rename":
        params = {**params, "textDocument": {"uri": uri}}
    server.request(2, method, params)
    error = server.answer(2)["error"]
    assert error["message"] == message.replace("{root}", str(tmp_path))
    server.notify(BIG, {})
    _still_answers(server)
    assert server.process.stderr is not None
    log = server.process.stderr.read().decode("utf-8", "replace")
    assert "Traceback" not in log
    assert len(log) < 10_000 and all(len(line) < 2100 for line in log.splitlines())


# -- formatting --------------------------------------------------------------------------------


def _apply_edits(text: str, edits: list[dict[str, object]]) -> str:
    """Whole-line edits (column 0) applied from the last to the first."""
    lines = text.splitlines(keepends=True)
    for edit in sorted(edits, key=lambda item: item["range"]["start"]["line"], reverse=True):
        start, end = edit["range"]["start"], edit["range"]["end"]
        assert start["character"] == end["character"] == 0
        lines[start["line"] : end["line"]] = [edit["newText"]]
    return "".join(lines)


def test_formatting_a_long_document_answers_at_once(server: RawServer, tmp_path: Path) -> None:
    """The formatter's lines were matched to the document's with difflib on the event loop,
    which takes time quadratic in the lines to match: a 660 KB workflow with every other line
    re-indented took two minutes, during which the server answered nothing (a 10 MB one,
    hours). Lines the formatter leaves alone at both ends and lines found once in each are
    matched first, difflib matches only what lies between, a small enough stretch at a time,
    and the formatting runs in a worker, as a lint does."""
    from dipcheck.formatter import format_dip

    count = 20_000
    text = "workflow Big\n  start: N0\n  exit: N0\n" + "".join(
        f"  agent N{number}\n      label: a{number}\n" for number in range(count)
    )
    uri = _open(server, tmp_path / "big.dip", text)
    server.request(2, "textDocument/formatting", {
        "textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True},
    })  # fmt: skip
    server.request(3, "textDocument/documentSymbol", {"textDocument": {"uri": "file:///none.dip"}})
    assert server.answer(3, timeout=10)["result"] is None
    edits = server.answer(2, timeout=60)["result"]
    assert [edit["newText"] for edit in edits] == [
        f"    label: a{number}\n" for number in range(count)
    ]
    assert _apply_edits(text, edits) == format_dip(text)
    _still_answers(server)


def test_a_notification_with_invalid_params_is_one_line_in_the_log(
    server: RawServer, tmp_path: Path
) -> None:
    """pygls logged each notification whose params do not fit its method with a traceback of
    about 4 KB (a client sending such edits in a loop filled the editor's log): it is now
    dropped with one line that names the method and what did not fit, and the document keeps
    the text it had."""
    uri = _open(server, tmp_path / "w.dip", AGENT_OK)
    _published(server, uri)
    server.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    before = server.answer(2)["result"]
    bad = {"start": {"line": 10**9, "character": 0}, "end": {"line": -5, "character": 0}}
    server.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": bad, "text": "x"}],
        },
    )
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri}})  # no changes
    server.request(3, "textDocument/hover", {"textDocument": {"uri": uri}, "position": bad["end"]})
    assert server.answer(3)["error"] == {
        "code": -32602,
        "message": "invalid params for textDocument/hover: invalid value @ .params.position",
    }
    server.request(4, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert server.answer(4)["result"] == before
    _still_answers(server)
    assert server.process.stderr is not None
    log = server.process.stderr.read().decode("utf-8", "replace").splitlines()
    assert log == [
        "WARNING:pygls.protocol.json_rpc:ignored a notification: invalid params for "
        "textDocument/didChange: invalid value @ .params.content_changes[0].range.end",
        "WARNING:pygls.protocol.json_rpc:ignored a notification: invalid params for "
        "textDocument/didChange: required field missing @ .params.text_document.version; "
        "required field missing @ .params.content_changes",
    ]


def test_run_tests_does_not_read_a_test_file_linking_out_of_the_workspace_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tests of `w.dip` refuse `w.tests.yaml -> ../secret.tests.yaml`, but publishing the
    result's diagnostics read the test file again (for the positions of a finding at its first
    line). Nothing outside the workspace is read now; the diagnostic is the same."""
    from dipcheck_lsp import testing

    from dipcheck.config import Config

    (tmp_path / "secret.tests.yaml").write_text("- name: SECRET_abc123\n", encoding="utf-8")
    root = tmp_path / "workspace"
    root.mkdir()
    (root / "w.dip").write_text(AGENT_OK, encoding="utf-8")
    (root / "w.tests.yaml").symlink_to(tmp_path / "secret.tests.yaml")
    monkeypatch.chdir(root)  # (the server works in its workspace)
    read: list[str] = []
    real = testing.read_regular
    monkeypatch.setattr(
        testing, "read_regular", lambda path, limit: read.append(path) or real(path, limit)
    )
    _, _, published = testing.run_tests(
        (root / "w.dip").as_uri(), {"format": "text"}, lambda _: None, lambda _: Config(), "utf-16"
    )
    assert read == []
    [diagnostic] = published[(root / "w.tests.yaml").as_uri()]
    assert diagnostic.message == (
        "not read: it is a symbolic link to a file outside `.`, the tree being tested"
    )
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (0, 0)


@pytest.mark.parametrize(
    ("body", "number", "problem"),
    [
        (b'[{"jsonrpc": "2.0", "id": 3, "method": "shutdown"}]', None, "an array (a batch)"),
        (b"[]", None, "an array (a batch)"),
        (b"5", None, "a JSON number, not an object"),
        (b"null", None, "a JSON null, not an object"),
        (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}', None, "the id is neither"),
        (b'{"jsonrpc": "2.0", "id": true, "method": "shutdown"}', None, "the id is neither"),
        (b'{"id": 3, "method": "shutdown"}', 3, '`jsonrpc` is not "2.0"'),
        (b'{"jsonrpc": "2.0", "id": 3, "method": 5}', 3, "the method is not a string"),
        (b'{"jsonrpc": "2.0"}', None, "neither a method nor an id"),
    ],
)
def test_a_message_that_is_no_json_rpc_message_is_an_invalid_request(
    server: RawServer, body: bytes, number: int | None, problem: str
) -> None:
    """pygls answered none of these (an object as the id got a traceback as its answer),
    showed the user "Error in server" for each and logged a traceback: each is answered with
    an ``InvalidRequest`` error now, under its id when that is usable, and nothing else."""
    server.send(frame(body))
    error = server.wait_for(lambda item: "error" in item)
    assert error.get("id") == number
    assert error["error"]["code"] == -32600
    assert error["error"]["message"].startswith(f"not a JSON-RPC 2.0 message: {problem}")
    _still_answers(server)
    assert [item for item in server.seen if "error" in item or "method" in item] == [error]
    assert server.process.stderr is not None
    assert server.process.stderr.read() == b""


@pytest.mark.parametrize("method", ["dipcheck/unknown", "$/unknown"])
def test_an_unknown_request_without_params_is_method_not_found(
    server: RawServer, method: str
) -> None:
    """Params may be left out, but pygls could not read a request for a method it does not
    know without them: it was never answered (and showed the user "Error in server")."""
    server.send({"jsonrpc": "2.0", "id": 3, "method": method})
    assert server.answer(3)["error"] == {
        "code": -32601,
        "message": f"Method Not Found: {method}",
    }
    server.notify(method)  # a notification is dropped
    _still_answers(server)
    assert not [item for item in server.seen if item.get("method") == "window/showMessage"]


def test_a_response_without_result_or_error_is_one_line_in_the_log(server: RawServer) -> None:
    server.send({"jsonrpc": "2.0", "id": 3})
    _still_answers(server)
    assert [item for item in server.seen if "error" in item or "method" in item] == []
    assert server.process.stderr is not None
    assert server.process.stderr.read().decode().splitlines() == [
        "WARNING:pygls.protocol.json_rpc:ignored a response: a response needs exactly one of "
        "`result` and `error`"
    ]


def test_a_request_before_initialize_is_server_not_initialized(tmp_path: Path) -> None:
    """The LSP specification asks for a ``ServerNotInitialized`` error for each request
    before ``initialize``, and that notifications but ``exit`` be dropped: pygls answered
    every request with null (no hover, no symbols: as if there were nothing to find)."""
    server = RawServer(tmp_path)
    try:
        uri = _open(server, tmp_path / "w.dip", AGENT_OK)
        server.request(2, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        assert server.answer(2)["error"] == {
            "code": -32002,
            "message": "textDocument/documentSymbol: the server is not initialized yet",
        }
        server.initialize(tmp_path)
        server.request(3, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        assert server.answer(3)["result"] is None  # the early didOpen was dropped
        _still_answers(server)
        assert server.process.stderr is not None
        assert server.process.stderr.read() == b""
    finally:
        server.kill()


@pytest.mark.parametrize(
    "body",
    [
        b"Content-Length: 12\r\n\r\nnot json at!",
        frame(b"[]"),
        frame(b'{"jsonrpc": "2.0", "id": null, "method": "textDocument/hover", "params": {}}'),
    ],
    ids=["parse-error", "invalid-request", "invalid-params"],
)
def test_an_error_answer_without_a_usable_id_has_id_null(server: RawServer, body: bytes) -> None:
    """JSON-RPC requires the id in every answer, null when the message's could not be read:
    pygls left every null member out, so these answers had no id at all."""
    server.send(body)
    error = server.wait_for(lambda item: "error" in item)
    assert "id" in error
    assert error["id"] is None
    _still_answers(server)


@pytest.mark.parametrize("number", [b"1e999", b"-1e999", b"NaN"])
def test_an_id_that_is_no_finite_number_is_an_invalid_request_answered_with_id_null(
    server: RawServer, number: bytes
) -> None:
    """`1e999` is a JSON number Python reads as infinity: the server carried out the request
    and answered `"id": Infinity`, which is not JSON (a client's `JSON.parse` drops the
    frame), and the shutdown it carried out refused the client's real one (fifth audit)."""
    server.send(frame(b'{"jsonrpc": "2.0", "id": ' + number + b', "method": "shutdown"}'))
    error = server.wait_for(lambda item: "error" in item)
    assert error["id"] is None
    assert error["error"] == {
        "code": -32600,
        "message": "not a JSON-RPC 2.0 message: the id is neither a string, a finite number "
        "nor null",
    }
    _still_answers(server)  # (not shut down)


def test_a_document_over_the_file_size_limit_is_not_linted(
    server: RawServer, tmp_path: Path
) -> None:
    """`dipcheck lint` answers a file (or standard input) over 8 MiB with a DC002 error and
    reads no more; the server linted an open document of any size (50 MB: 5 s and 420 MB),
    and called it clean where the CLI fails. It answers the CLI's finding now."""
    from dipcheck.files import MAX_FILE_BYTES

    text = AGENT_OK + "#" * (MAX_FILE_BYTES - len(AGENT_OK) - 1) + "\u00e9"
    uri = _open(server, tmp_path / "w.dip", text)
    [item] = _published(server, uri)
    assert item["code"] == "DC002"
    assert item["severity"] == 1
    assert item["range"] == {
        "start": {"line": 0, "character": 0},
        "end": {"line": 0, "character": 0},
    }
    assert (
        item["message"]
        == f"file is {MAX_FILE_BYTES + 1} bytes, over the {MAX_FILE_BYTES} byte limit"
    )
    _still_answers(server)


def test_a_second_initialize_is_an_invalid_request(server: RawServer, tmp_path: Path) -> None:
    """The specification allows one ``initialize``; pygls answered a second by starting over
    with a new workspace, so the open documents were forgotten and their edits ignored (the
    server went on answering from the text it had), in the new request's position encoding."""
    uri = _open(server, tmp_path / "w.dip", AGENT_OK)
    _published(server, uri)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    server.request(2, "initialize", {
        "processId": None, "rootUri": elsewhere.as_uri(), "capabilities": {},
    })  # fmt: skip
    assert server.answer(2)["error"] == {
        "code": -32600,
        "message": "initialize: the server is already initialized (send it once)",
    }
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"text": AGENT_OK.replace("agent A", "agent B")}],
    })  # fmt: skip
    server.request(3, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    names = [item["name"] for item in server.answer(3)["result"]]
    assert "B" in names
    assert "A" not in names
    _still_answers(server)


def test_run_tests_quotes_an_open_documents_long_uri_in_part(server: RawServer) -> None:
    """An open document that is no file: `dipcheck.runTests` refused it quoting its URI whole
    (a megabyte URI made a megabyte message), where every other answer quotes it in part."""
    uri = "untitled:" + "a" * 1_000_000
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "dip", "version": 1, "text": AGENT_OK}},
    )
    server.request(2, "workspace/executeCommand", {
        "command": "dipcheck.runTests", "arguments": [uri],
    })  # fmt: skip
    assert server.answer(2)["error"]["message"] == (
        f"dipcheck.runTests: {uri[:60]!r}… (1000009 characters) is not a file"
    )
    _still_answers(server)


def test_an_edit_under_another_spelling_of_the_uri_is_linted(
    server: RawServer, tmp_path: Path
) -> None:
    """pygls keeps a document's text under its decoded URI, the server its lints under the URI
    it was opened with: an edit sent as `a b.dip` to a document opened as `a%20b.dip`
    changed the text but was never linted (its findings stayed those of the old text)."""
    opened = (tmp_path / "a b.dip").as_uri()
    assert "%20" in opened
    _open(server, tmp_path / "a b.dip", AGENT_OK)
    assert _published(server, opened) == []
    server.seen.clear()
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": opened.replace("%20", " "), "version": 2},
        "contentChanges": [{"text": AGENT_OK.replace("start: A", "start: Q")}],
    })  # fmt: skip
    [item] = _published(server, opened)
    assert (item["code"], item["severity"]) == ("DIP001", 1)
    assert item["range"] == {
        "start": {"line": 1, "character": 9},
        "end": {"line": 1, "character": 10},
    }
    _still_answers(server)

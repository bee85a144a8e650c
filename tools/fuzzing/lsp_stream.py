"""Generated and mutated JSON-RPC sessions against the real ``dipcheck lsp`` over stdio.

A session starts a fresh server (address space limited in the child), initializes it, opens
a generated or mutated document of any format, then sends a random mix of edits (whole and
incremental, ranges in and out of the document), requests at positions in and out of range,
requests for documents that are not open, settings, commands, unknown methods, wrong
parameter types, odd ids, bodies that are not JSON and, last, framing the server cannot
recover from (a cut body, a length past the end, a header without a length). It ends with
``shutdown`` (then a request that must be refused) and ``exit``, or by closing the stream.

What must hold: every request gets one answer within the budget; no answer is an
``InternalError`` (a handler raised); the server writes no traceback; every published or
pulled diagnostic lies inside a text of its document; after ``exit`` or the end of its input
the server ends within the budget.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import queue
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from fuzzing import gen_dip, gen_dot, gen_plan, gen_yaml
from fuzzing.checks import NEIGHBOURS
from fuzzing.mutate import Mutator
from fuzzing.seeds import Seeds
from fuzzing.values import chance, pick
from fuzzing.worker import MEGABYTE

INTERNAL_ERROR = -32603
INVALID_REQUEST = -32600
SUFFIX = {"dip": ".dip", "dot": ".dot", "yaml": ".yaml", "plan": ".json"}
POSITION_REQUESTS = (
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/prepareRename",
)
DOCUMENT_REQUESTS = (
    "textDocument/documentSymbol",
    "textDocument/foldingRange",
    "textDocument/semanticTokens/full",
    "textDocument/formatting",
    "textDocument/codeLens",
    "textDocument/documentLink",
    "textDocument/diagnostic",
)
RANGE_REQUESTS = (
    "textDocument/rangeFormatting",
    "textDocument/codeAction",
    "textDocument/inlayHint",
)
COMMANDS = ("dipcheck.explainRule", "dipcheck.simulate", "dipcheck.graph", "dipcheck.runTests")


@dataclass
class Frame:
    """One thing written to the server: a message (``expects`` an answer when it is a request
    with an id) or raw bytes."""

    data: bytes
    expects: Any = None  # the request id, if an answer is due
    method: str = ""
    # (uri, text) the document holds after this frame; text None: unknown (an incremental
    # change outside the document, which a server may clamp or refuse)
    text: tuple[str, str | None] | None = None
    incremental: bool = False
    after_shutdown: bool = False
    fatal: bool = False  # framing the stream cannot recover from: nothing is due after it


@dataclass
class Session:
    frames: list[Frame] = field(default_factory=list)
    closes: bool = True  # send `exit` (else: just close the input)


def encode(message: dict[str, Any], ascii_only: bool = True) -> bytes:
    body = json.dumps(message, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


# -- documents --------------------------------------------------------------------------------


def document(rng: random.Random, seeds: Seeds) -> tuple[str, str]:
    """(format, text) of a document to open: generated, or mutated from one or a seed."""
    fmt = pick(rng, ("dip", "dip", "dot", "yaml", "plan"))
    if fmt == "dip":
        text = gen_dip.workflow(rng)
    elif fmt == "dot":
        text = gen_dot.pipeline(rng)[0]
    elif fmt == "yaml":
        text = gen_yaml.workflow(rng)
    else:
        text = gen_plan.plan_object(rng)
    if seeds.of(fmt) and chance(rng, 0.3):
        text = pick(rng, seeds.of(fmt))
    if chance(rng, 0.5):
        data = Mutator(fmt, seeds.of(fmt)).mutate(rng, text)
        text = data.decode("utf-8", "surrogateescape" if chance(rng, 0.5) else "replace")
        text = text[:200_000]
    return fmt, text


_LINE_END = re.compile(r"\r\n|\r|\n")


@functools.lru_cache(maxsize=64)
def _lines(text: str) -> list[str]:
    """The lines of ``text`` as LSP counts them (``\r\n``, ``\r`` and ``\n`` end a line). Kept
    per text: every diagnostic of a publication is checked against every known version of its
    document, and splitting a 200 KB text for each of hundreds of findings kept this harness
    busy for minutes, so that it reported the server's answers as missing."""
    return _LINE_END.split(text)


def units(line: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(line.encode("utf-8", "surrogatepass"))
    if encoding == "utf-32":
        return len(line)
    return len(line.encode("utf-16-le", "surrogatepass")) // 2


def inside(text: str, where: dict[str, Any], encoding: str) -> bool:
    lines = _lines(text)
    ends = (where["start"], where["end"])
    for end in ends:
        line, character = end["line"], end["character"]
        if not 0 <= line < len(lines) or not 0 <= character <= units(lines[line], encoding):
            return False
    return (ends[0]["line"], ends[0]["character"]) <= (ends[1]["line"], ends[1]["character"])


def _position(rng: random.Random, text: str) -> dict[str, int]:
    lines = _lines(text)
    if chance(rng, 0.1):
        return {
            "line": pick(rng, (len(lines), len(lines) + 5, 2**31 - 1, 0)),
            "character": pick(rng, (0, 10**6, 2**31 - 1)),
        }
    line = rng.randrange(len(lines))
    return {"line": line, "character": rng.randint(0, len(lines[line]) + 2)}


def _range(rng: random.Random, text: str) -> dict[str, Any]:
    first, second = _position(rng, text), _position(rng, text)
    if (first["line"], first["character"]) > (second["line"], second["character"]):
        first, second = second, first
    if chance(rng, 0.03):
        first, second = second, first  # backwards
    return {"start": first, "end": second}


def _apply(text: str, where: dict[str, Any], new: str) -> str | None:
    """The text after an incremental change (utf-16 positions, clamped as editors do), or None
    when the change is out of the document (the server may then do anything sane)."""
    lines = _lines(text)

    def offset(position: dict[str, int]) -> int | None:
        line, character = position["line"], position["character"]
        if line >= len(lines):
            return None
        start = 0
        for index in range(line):
            start += len(lines[index])
            start += 2 if text[start : start + 2] == "\r\n" else 1
        encoded = lines[line].encode("utf-16-le", "surrogatepass")
        if character * 2 > len(encoded):
            return None
        prefix = encoded[: character * 2].decode("utf-16-le", "surrogatepass")
        return start + len(prefix)

    start, end = offset(where["start"]), offset(where["end"])
    if start is None or end is None or start > end:
        return None
    return text[:start] + new + text[end:]


# -- sessions ---------------------------------------------------------------------------------


class _Builder:
    def __init__(self, rng: random.Random, seeds: Seeds, directory: str) -> None:
        self.rng = rng
        self.seeds = seeds
        self.session = Session()
        self.next_id = 1
        self.documents: dict[str, str] = {}
        self.directory = directory
        self.shutdown = False

    def request(self, method: str, params: Any, expect: bool = True) -> None:
        rng = self.rng
        identifier: Any = self.next_id
        self.next_id += 1
        if chance(rng, 0.05):
            identifier = f"s{identifier}"
        message = {"jsonrpc": "2.0", "id": identifier, "method": method, "params": params}
        if params is None and chance(rng, 0.5):
            del message["params"]
        self.session.frames.append(
            Frame(
                encode(message),
                identifier if expect else None,
                method,
                after_shutdown=self.shutdown,
            )
        )

    def notify(
        self,
        method: str,
        params: Any,
        text: tuple[str, str | None] | None = None,
        incremental: bool = False,
    ) -> None:
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        ascii_only = not chance(self.rng, 0.02)  # now and then a lone surrogate as raw bytes
        frame = Frame(encode(message, ascii_only), method=method, text=text)
        frame.incremental = incremental
        self.session.frames.append(frame)

    def raw(self, data: bytes, fatal: bool = False) -> None:
        self.session.frames.append(Frame(data, fatal=fatal))

    def uri(self, fmt: str) -> str:
        rng = self.rng
        if chance(rng, 0.85):
            return "file://" + os.path.join(self.directory, "doc" + SUFFIX[fmt])
        return pick(
            rng,
            (
                f"untitled:Untitled-1{SUFFIX[fmt]}",
                f"file:///nonexistent/dir/x{SUFFIX[fmt]}",
                f"file://{self.directory}/%E2%82%AC{SUFFIX[fmt]}",
                "file:///dev/stdin.dip",
                f"file://{self.directory}/prompts/p.md",
                "git:/x.dip?%7B%7D",
                "file:///",
            ),
        )

    def build(self) -> Session:
        rng = self.rng
        options: dict[str, Any] = {"dipcheck": {"debounceMs": 0}}
        if chance(rng, 0.2):
            options = pick(
                rng,
                (
                    {"dipcheck": {"select": ["DIP", 3], "targetVersion": "9.9", "inlayHints": 1}},
                    {"debounceMs": -5, "ignore": "DC"},
                    [],
                    {"dipcheck": {"debounceMs": 0, "select": ["ALL"]}},
                ),
            )
        encodings = pick(rng, (["utf-16"], ["utf-8", "utf-16"], ["utf-32"], [], ["utf-8"]))
        self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": "file://" + self.directory if chance(rng, 0.8) else None,
                "capabilities": {
                    "general": {"positionEncodings": encodings},
                    "textDocument": {
                        "publishDiagnostics": {"relatedInformation": True},
                        "diagnostic": {},
                    },
                    "workspace": {"configuration": chance(rng, 0.5)},
                },
                "initializationOptions": options,
            },
        )
        self.notify("initialized", {})
        fmt, text = document(rng, self.seeds)
        uri = self.uri(fmt)
        self.open(uri, fmt, text)
        for _ in range(rng.randint(5, 40)):
            self.action(uri, fmt)
        self.finish()
        return self.session

    def open(self, uri: str, fmt: str, text: str) -> None:
        language = {"dip": "dip", "dot": "dot", "yaml": "yaml", "plan": "json"}[fmt]
        self.documents[uri] = text
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}},
            (uri, text),
        )

    def action(self, uri: str, fmt: str) -> None:
        rng = self.rng
        text = self.documents.get(uri, "")
        target = {"uri": uri if chance(rng, 0.9) else uri + ".missing"}
        roll = rng.random()
        if roll < 0.25:
            self.change(uri, fmt, text)
        elif roll < 0.45:
            method = pick(rng, POSITION_REQUESTS)
            params: dict[str, Any] = {"textDocument": target, "position": _position(rng, text)}
            if method == "textDocument/references":
                params["context"] = {"includeDeclaration": chance(rng, 0.5)}
            self.request(method, params)
        elif roll < 0.6:
            method = pick(rng, DOCUMENT_REQUESTS)
            params = {"textDocument": target}
            if method == "textDocument/formatting":
                params["options"] = {"tabSize": 2, "insertSpaces": True}
            self.request(method, params)
        elif roll < 0.7:
            method = pick(rng, RANGE_REQUESTS)
            params = {"textDocument": target, "range": _range(rng, text)}
            if method == "textDocument/rangeFormatting":
                params["options"] = {"tabSize": 4, "insertSpaces": True}
            if method == "textDocument/codeAction":
                params["context"] = {"diagnostics": []}
            self.request(method, params)
        elif roll < 0.74:
            position = _position(rng, text)
            name = pick(rng, ("Renamed", "", "a b", "Start", "é", "x" * 300))
            params = {"textDocument": target, "position": position, "newName": name}
            self.request("textDocument/rename", params)
        elif roll < 0.78:
            self.request("workspace/symbol", {"query": pick(rng, ("", "a", "Ω", "*"))})
        elif roll < 0.81:
            command = pick(rng, (*COMMANDS, "dipcheck.nope"))
            arguments = pick(rng, ([uri], [], [uri, {"format": "json"}], ["DIP003"], [None, 3]))
            self.request("workspace/executeCommand", {"command": command, "arguments": arguments})
        elif roll < 0.84:
            settings = pick(rng, ({"dipcheck": {"inlayHints": False}}, {"debounceMs": "x"}, None))
            self.notify("workspace/didChangeConfiguration", {"settings": settings})
        elif roll < 0.86:
            self.notify("textDocument/didSave", {"textDocument": target})
        elif roll < 0.88:
            self.notify("textDocument/didClose", {"textDocument": target})
            self.documents.pop(target["uri"], None)
        elif roll < 0.9:
            other_fmt, other = document(rng, self.seeds)
            self.open(self.uri(other_fmt), other_fmt, other)
        else:
            self.malformed(uri, text)

    def change(self, uri: str, fmt: str, text: str) -> None:
        rng = self.rng
        version = rng.randint(2, 10**6) if chance(rng, 0.95) else pick(rng, (0, -1, 2**31))
        if chance(rng, 0.5) or not text:
            _, new = document(rng, self.seeds)
            if chance(rng, 0.5):
                new = Mutator(fmt, self.seeds.of(fmt)).mutate(rng, text).decode("utf-8", "replace")
            changes: list[dict[str, Any]] = [{"text": new}]
            result: str | None = new
        else:
            where = _range(rng, text)
            insert = pick(rng, ("", "x", "\n", "  agent New\n", "->", "🚀", "\r\n", "{", '"'))
            changes = [{"range": where, "text": insert}]
            result = _apply(text, where, insert)
        if not -(2**31) <= version < 2**31:
            result = None  # not an LSP integer: a server may refuse the whole change
        known = uri in self.documents
        if result is not None and known:
            self.documents[uri] = result
        params = {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}
        self.notify("textDocument/didChange", params, (uri, result), "range" in changes[0])

    def malformed(self, uri: str, text: str) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.2:
            self.request("dipcheck/unknownMethod", {"x": 1})
        elif roll < 0.35:
            method = pick(rng, (*POSITION_REQUESTS, *DOCUMENT_REQUESTS))
            params = pick(rng, ([], {"textDocument": 3}, {"position": "x"}, "text", None, {}))
            self.request(method, params)
        elif roll < 0.45:
            self.notify("$/cancelRequest", {"id": self.next_id - 1})
        elif roll < 0.6:
            body = pick(rng, (b"{", b"[]", b"null", b'{"jsonrpc": "2.0"}', b"\xff\xfe", b"{}" * 3))
            self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        elif roll < 0.7:
            message = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {}}
            self.notify(message["method"], pick(rng, ({}, {"textDocument": {"uri": uri}}, [])))
        elif roll < 0.8:
            body = encode({"jsonrpc": "2.0", "method": "initialized", "params": {}})
            extra = pick(rng, (b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n", b""))
            self.raw(extra + body)
        elif roll < 0.9:
            # a request id that is an object: not a request at all
            body = json.dumps({"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover"})
            self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body.encode())
        else:
            # a header that is not a Content-Length: a server may skip it or give up; only
            # the framing after it is unknown, so nothing further is expected
            self.raw(
                pick(rng, (b"Content-Length: abc\r\n\r\n", b"garbage\r\n\r\n{}", b"\r\n\r\n")),
                fatal=True,
            )

    def finish(self) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.75:
            self.request("shutdown", None)
            self.shutdown = True
            if chance(rng, 0.5):
                self.request(
                    "textDocument/hover",
                    {
                        "textDocument": {"uri": "file:///x.dip"},
                        "position": {"line": 0, "character": 0},
                    },
                )
            self.notify("exit", None)
        elif roll < 0.9:
            body = encode({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
            cut = pick(
                rng, (body[: rng.randrange(1, len(body))], b"Content-Length: 99999\r\n\r\n{")
            )
            self.raw(cut, fatal=True)
            self.session.closes = False
        else:
            self.session.closes = False


def session(rng: random.Random, seeds: Seeds, directory: str) -> Session:
    return _Builder(rng, seeds, directory).build()


# -- running one ------------------------------------------------------------------------------


@dataclass
class Result:
    problems: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    requests: int = 0
    seconds: float = 0.0

    def add(self, problem: str, detail: str = "") -> None:
        if problem not in self.problems:
            self.problems.append(problem)
            if detail:
                self.details.append(detail)


def _reader(stream: Any, into: queue.Queue[Any]) -> None:
    """Parse frames off the server's output; None at its end, bytes for garbage."""
    try:
        while True:
            headers: dict[str, str] = {}
            while True:
                line = stream.readline()
                if not line:
                    into.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "-1"))
            if length < 0:
                into.put(b"frame without Content-Length")
                continue
            body = stream.read(length)
            try:
                into.put(json.loads(body))
            except ValueError:
                into.put(b"frame that is not JSON: " + body[:200])
    except (OSError, ValueError) as error:
        into.put(f"reading the server: {error}".encode())
        into.put(None)


def prepare(directory: str) -> None:
    for name, text in NEIGHBOURS.items():
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)


_RECORD = re.compile(r"^(?=(?:CRITICAL|ERROR|WARNING|INFO|DEBUG):)", re.MULTILINE)
_FRAME = re.compile(r'File "([^"]*)", line \d+')
_OUR_CODE = re.compile(r"/(?:dipcheck|dipcheck_lsp)/")
_TRANSPORT = ("Unable to handle message", "Unable to deserialize message")
# what pygls raises to answer a request with an error on purpose (an unknown command, params
# of the wrong shape); the client gets the error, the log a traceback that is only noise
_ANSWERED = re.compile(
    r"^pygls\.exceptions\.JsonRpc(?:InvalidParams|MethodNotFound|InvalidRequest)\b", re.M
)


def crashes(log: str) -> list[str]:
    """The tracebacks in the server's log that are crashes. pygls logs "Unable to handle
    message" or "Unable to deserialize message" with the traceback of its own JSON decoding
    or structuring when a client sends a body that is not JSON or not a message of the shape
    its method needs; that is the transport refusing bad input (the server carries on), unless
    the exception was raised in dipcheck's own code. Likewise the error answers pygls raises on
    purpose (``InvalidParams`` for an unknown command)."""
    found = []
    for record in _RECORD.split(log):
        if "Traceback" not in record:
            continue
        frames = _FRAME.findall(record)
        raised_in_ours = bool(frames) and bool(_OUR_CODE.search(frames[-1]))
        header = record.split("\n", 1)[0]
        if any(item in header for item in _TRANSPORT) and not raised_in_ours:
            continue
        if _ANSWERED.search(record) and not raised_in_ours:
            continue
        found.append(record)
    return found


def _version(frame: Frame) -> int | None:
    """The document version a ``didOpen`` or ``didChange`` frame gives, or None."""
    try:
        params = json.loads(frame.data.split(b"\r\n\r\n", 1)[1]).get("params")
        version = params["textDocument"]["version"]
    except (ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None
    return version if isinstance(version, int) else None


def run(session: Session, directory: str, budget: float = 20.0, memory_mb: int = 2048) -> Result:
    result = Result()
    started = time.monotonic()
    limit = memory_mb * MEGABYTE

    def limited() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.TemporaryFile() as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "dipcheck", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            cwd=directory,
            preexec_fn=limited,
        )
        try:
            _converse(server, session, budget, result)
        finally:
            if server.poll() is None:
                server.kill()
            server.wait()
            errors.seek(0)
            log = errors.read().decode("utf-8", "replace")
        for record in crashes(log):
            last = [line for line in record.splitlines() if line and line[0].isalpha()]
            result.add(f"server traceback: {last[-1][:200] if last else '?'}", record[:6000])
    result.seconds = time.monotonic() - started
    return result


def _converse(
    server: subprocess.Popen[bytes], session: Session, budget: float, result: Result
) -> None:
    assert server.stdin is not None and server.stdout is not None
    inbox: queue.Queue[Any] = queue.Queue()
    threading.Thread(target=_reader, args=(server.stdout, inbox), daemon=True).start()
    texts: dict[str, list[str]] = {}
    pending: dict[Any, str] = {}
    state = {"encoding": "utf-16", "ended": False, "exit_sent": False}

    def handle(message: Any) -> None:
        if message is None:
            state["ended"] = True
            return
        if isinstance(message, bytes):
            result.add(f"server wrote a bad {message.decode('utf-8', 'replace')[:80]}")
            return
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            result.add("server wrote a message that is not JSON-RPC 2.0")
            return
        if "method" in message:
            if "id" in message:  # a request to the client: answer it
                reply = {"jsonrpc": "2.0", "id": message["id"], "result": None}
                try:
                    server.stdin.write(encode(reply))
                    server.stdin.flush()
                except OSError:
                    pass
            if message["method"] == "textDocument/publishDiagnostics":
                params = message.get("params", {})
                uri = params.get("uri")
                version = params.get("version")
                if isinstance(version, int) and version in unknown_versions.get(uri, ()):
                    return  # published for a text the session cannot know, after a newer one
                _diagnostics(uri, params.get("diagnostics", []))
            return
        identifier = message.get("id")
        if not isinstance(identifier, int | str):
            return  # the answer to a frame sent with an id that is no id (pygls echoes it)
        method = pending.pop(identifier, None)
        if method is None:
            if identifier not in sent:  # (a request after framing it may have skipped is not due)
                result.add("server answered an id it was not asked")
            return
        if ("result" in message) == ("error" in message):
            result.add(f"{method}: answer without exactly one of result and error")
        error = message.get("error")
        if isinstance(error, dict) and error.get("code") == INTERNAL_ERROR:
            result.add(f"{method}: InternalError: {str(error.get('message'))[:160]}")
        if method == "initialize" and isinstance(message.get("result"), dict):
            encoding = message["result"].get("capabilities", {}).get("positionEncoding")
            state["encoding"] = encoding or "utf-16"
        if method == "textDocument/diagnostic" and isinstance(message.get("result"), dict):
            items = message["result"].get("items") or []
            _diagnostics(current.get(identifier), items)
        if frames_after_shutdown.get(identifier) and not (
            isinstance(error, dict) and error.get("code") == INVALID_REQUEST
        ):
            result.add(f"{method} after shutdown: not refused with InvalidRequest")

    def _diagnostics(uri: Any, items: Any) -> None:
        known = texts.get(uri) if isinstance(uri, str) else None
        if not known or uri in unknown or not isinstance(items, list):
            return
        for item in items:
            where = item.get("range") if isinstance(item, dict) else None
            if not isinstance(where, dict):
                result.add("diagnostic without a range")
                continue
            if not any(inside(text, where, state["encoding"]) for text in known):
                code = item.get("code")
                last = _lines(known[-1])
                result.add(
                    f"diagnostic {code} range outside every text of its document",
                    f"{uri}: {json.dumps(where)} ({state['encoding']}); the last text has "
                    f"{len(last)} lines, line {where['start']['line']}: "
                    f"{last[where['start']['line']][:200]!r}"
                    if where["start"]["line"] < len(last)
                    else f"{uri}: {json.dumps(where)}; the last text has {len(last)} lines",
                )

    def wait(until: float, done: Any) -> bool:
        while not done():
            remaining = until - time.monotonic()
            if remaining <= 0:
                return False
            try:
                handle(inbox.get(timeout=remaining))
            except queue.Empty:
                return False
            if state["ended"] and not done():
                return False
        return True

    current: dict[Any, str] = {}
    sent = {
        frame.expects for frame in session.frames if frame.expects is not None
    }  # every id the session writes, due or not
    frames_after_shutdown: dict[Any, bool] = {}
    fatal = False
    unknown: set[str] = set()  # documents whose text the session cannot know until replaced
    unknown_versions: dict[str, set[int | None]] = {}  # the versions such a document had
    for frame in session.frames:
        if frame.text is not None:
            uri, text = frame.text
            # incremental edits are modelled in UTF-16 positions only
            if text is None or (frame.incremental and state["encoding"] != "utf-16"):
                unknown.add(uri)
            elif not frame.incremental:
                unknown.discard(uri)
            if text is not None and uri not in unknown:
                texts.setdefault(uri, []).append(text)
            if uri in unknown:
                unknown_versions.setdefault(uri, set()).add(_version(frame))
        if frame.expects is not None and not fatal:
            pending[frame.expects] = frame.method
            frames_after_shutdown[frame.expects] = frame.after_shutdown
            uri = json.loads(frame.data.split(b"\r\n\r\n", 1)[1]).get("params")
            if isinstance(uri, dict) and isinstance(uri.get("textDocument"), dict):
                current[frame.expects] = uri["textDocument"].get("uri")
            result.requests += 1
        fatal = fatal or frame.fatal
        try:
            server.stdin.write(frame.data)
            server.stdin.flush()
        except OSError:
            if not state["ended"]:
                result.add("server closed its input early")
            break
        if frame.method == "exit":
            state["exit_sent"] = True
        due = frame.expects is not None and not fatal
        answered = lambda key=frame.expects: key not in pending  # noqa: E731
        # a request after shutdown is refused at once or not at all (no work is due)
        patience = min(budget, 2.0) if frame.after_shutdown else budget
        if due and not wait(time.monotonic() + patience, answered):
            result.add(
                f"{frame.method}{' after shutdown' if frame.after_shutdown else ''}: "
                f"no answer within {patience:g} s"
                if not state["ended"]
                else f"{frame.method}: server ended without answering"
            )
            return
        while not inbox.empty():
            handle(inbox.get_nowait())
    if not session.closes or fatal:
        with contextlib.suppress(OSError):
            server.stdin.close()
    try:
        server.wait(timeout=budget)
    except subprocess.TimeoutExpired:
        how = "after exit" if state["exit_sent"] else "after its input ended"
        result.add(f"server still running {budget:g} s {how}")
        return
    while not inbox.empty():
        handle(inbox.get_nowait())
    if state["exit_sent"] and server.returncode not in (0, 1):
        result.add(f"server exit status {server.returncode} after exit")

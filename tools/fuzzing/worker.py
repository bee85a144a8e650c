"""The child process that checks file inputs, and the supervisor that drives it.

The child (``python -m fuzzing.worker``) limits its own address space (``RLIMIT_AS``), imports
dipcheck once and then checks one input per request. Requests and replies are JSON lines on
a private pipe (the child's stdout is pointed at its stderr, so nothing dipcheck prints can
corrupt them). The supervisor waits for each reply at most ``budget`` seconds: a child that
takes longer is killed (a hang) and one that dies is a crash (a memory limit reached outside
Python's reach, a segfault); either way a fresh child takes over for the next input.
"""

from __future__ import annotations

import base64
import json
import os
import resource
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[1]
MEGABYTE = 1024 * 1024


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    seconds: float = 0.0
    findings: int = 0


class Supervisor:
    """Runs file checks in a child process with a memory limit and a time budget."""

    def __init__(self, budget: float = 20.0, memory_mb: int = 2048) -> None:
        self.budget = budget
        self.memory_mb = memory_mb
        self.child: subprocess.Popen[bytes] | None = None
        self.restarts = 0

    def _start(self) -> subprocess.Popen[bytes]:
        paths = [str(TOOLS), os.environ.get("PYTHONPATH", "")]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(item for item in paths if item))
        child = subprocess.Popen(
            [sys.executable, "-m", "fuzzing.worker", str(self.memory_mb)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        assert child.stdout is not None
        line = self._read_line(child, 120.0)  # imports and grammars, on a loaded machine
        if line is None or json.loads(line).get("ready") is not True:
            child.kill()
            child.wait()
            raise RuntimeError("the fuzz worker did not start")
        return child

    @staticmethod
    def _read_line(child: subprocess.Popen[bytes], timeout: float) -> bytes | None:
        assert child.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(child.stdout, selectors.EVENT_READ)
            if not selector.select(timeout):
                return None
        line = child.stdout.readline()
        return line or None

    def check(self, name: str, data: bytes, dialect: str | None) -> Verdict:
        if self.child is None or self.child.poll() is not None:
            self.child = self._start()
        child = self.child
        assert child.stdin is not None
        request = {"name": name, "dialect": dialect, "data": base64.b64encode(data).decode()}
        started = time.monotonic()
        try:
            child.stdin.write(json.dumps(request).encode() + b"\n")
            child.stdin.flush()
        except BrokenPipeError:
            pass
        line = self._read_line(child, self.budget)
        seconds = time.monotonic() - started
        if line is None:
            alive = child.poll() is None
            self.stop()
            self.restarts += 1
            if alive:
                return Verdict([f"hang: no answer within {self.budget:g} s"], seconds=seconds)
            return Verdict(
                [f"worker died (exit status {child.returncode}; memory limit {self.memory_mb} MB)"],
                seconds=seconds,
            )
        reply = json.loads(line)
        return Verdict(reply["problems"], reply["details"], seconds, reply["findings"])

    def stop(self) -> None:
        if self.child is not None:
            if self.child.poll() is None:
                self.child.kill()
            self.child.wait()
            self.child = None


def limit_memory(megabytes: int) -> None:
    limit = megabytes * MEGABYTE
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _serve(memory_mb: int) -> None:
    channel = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever dipcheck prints goes to stderr, not into the replies
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    from fuzzing import checks

    limit_memory(memory_mb)
    directory = tempfile.mkdtemp(prefix="dipcheck-fuzz-")
    try:
        checks.prepare(directory)
        channel.write(b'{"ready": true}\n')
        channel.flush()
        for line in sys.stdin.buffer:
            request = json.loads(line)
            data = base64.b64decode(request["data"])
            try:
                outcome = checks.check_file(directory, request["name"], data, request["dialect"])
                reply = outcome.as_dict()
            except MemoryError:
                reply = {"problems": ["MemoryError in the checks"], "details": [], "findings": 0}
            channel.write(json.dumps(reply).encode() + b"\n")
            channel.flush()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    _serve(int(sys.argv[1]))

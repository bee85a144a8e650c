"""Latency of the language server: ``didChange`` → ``publishDiagnostics``, debounce excluded.

Starts ``python -m dipcheck lsp`` with ``debounceMs: 0``, opens the largest corpus workflow
(tracker's ``examples/build_product.dip``, 3,359 lines) and makes one small edit at a time —
a character typed at the end of a random line, then deleted again, so every version is the
corpus file plus at most one character — waiting after each edit for the diagnostics of that
version. The time measured is from sending the change to receiving
the publication, so it includes JSON-RPC both ways, applying the edit, the whole lint and
the conversion of every diagnostic.

On Linux it also reads the CPU time the server process (all its threads) spent on each edit,
from ``/proc/<pid>/task/*/schedstat``: on a busy machine the wall time mostly measures the
wait for a core, while the CPU time is the work the server did.

    python benchmarks/lsp_latency.py                     # 60 edits
    python benchmarks/lsp_latency.py --changes 200 --file some.dip

Budget (issue 19 §3): p95 under 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from lsprotocol import types
from machine import describe
from pygls.lsp.client import LanguageClient

BUDGET_MS = 20.0
DEFAULT_FILE = (
    Path(__file__).resolve().parents[2]
    / "shared"
    / "corpus"
    / "tracker"
    / "examples"
    / "build_product.dip"
)


class Probe:
    """A client that remembers when each version's diagnostics arrived."""

    def __init__(self) -> None:
        self.client = LanguageClient("lsp-latency", "1")
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            if params.version is not None:
                self.arrived[params.version] = time.perf_counter()
                self.changed.set()

    async def wait(self, version: int, timeout: float = 30.0) -> float:
        deadline = time.perf_counter() + timeout
        while version not in self.arrived:
            self.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"no diagnostics for version {version}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return self.arrived[version]


def server_cpu(pid: int | None) -> float | None:
    """Seconds of CPU the process ``pid`` has used, all threads (Linux), else None."""
    if pid is None:
        return None
    total = 0
    try:
        for name in glob.glob(f"/proc/{pid}/task/*/schedstat"):
            with open(name, encoding="ascii") as handle:
                total += int(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total / 1e9 if total else None


SERVER = (sys.executable, "-m", "dipcheck", "lsp")


async def measure(
    path: Path,
    changes: int,
    seed: int,
    command: Sequence[str] = SERVER,
    environment: Mapping[str, str] | None = None,
) -> tuple[list[float], list[float]]:
    """The time from each change to its diagnostics, and the server's CPU time for it (ms);
    ``command`` starts the server (``lsp_instructions.py`` runs it under callgrind), with
    ``environment`` (default: this process's)."""
    probe = Probe()
    client = probe.client
    await client.start_io(*command, env=environment)
    pid = client._server.pid if client._server is not None else None
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=path.parent.as_uri(),
            initialization_options={"debounceMs": 0},
        )
    )
    client.initialized(types.InitializedParams())
    text = path.read_text(encoding="utf-8")
    uri = path.resolve().as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "dip", 1, text))
    )
    await probe.wait(1, timeout=120)
    lines = text.split("\n")
    candidates = [number for number, line in enumerate(lines) if line.strip()]
    rng = random.Random(seed)
    timings: list[float] = []
    cpu: list[float] = []
    typed: types.Position | None = None
    for version in range(2, changes + 2):
        if typed is None:  # type a character at the end of a random line …
            number = rng.choice(candidates)
            typed = types.Position(number, len(lines[number]))  # ASCII: code points = units
            change = types.TextDocumentContentChangePartial(
                range=types.Range(typed, typed), text="x"
            )
        else:  # … and delete it again
            after = types.Position(typed.line, typed.character + 1)
            change = types.TextDocumentContentChangePartial(
                range=types.Range(typed, after), text=""
            )
            typed = None
        started = time.perf_counter()
        used = server_cpu(pid)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version), [change]
            )
        )
        timings.append((await probe.wait(version) - started) * 1000)
        after = server_cpu(pid)
        if used is not None and after is not None:
            cpu.append((after - used) * 1000)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return timings, cpu


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE, help="the workflow to edit")
    parser.add_argument("--changes", type=int, default=60, help="edits to time (default 60)")
    parser.add_argument("--seed", type=int, default=5, help="random seed for edit positions")
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"{args.file}: not found (the shared corpus sits beside the project)")
        return 2
    timings, cpu = asyncio.run(measure(args.file, args.changes, args.seed))
    ordered = sorted(timings)
    slow = p95(timings)
    lines = args.file.read_text(encoding="utf-8").count("\n")
    print(describe())
    print(f"{args.file.name}: {lines} lines, {len(timings)} edits, didChange → publishDiagnostics")
    print(
        f"median {statistics.median(timings):.1f} ms   p95 {slow:.1f} ms   "
        f"min {ordered[0]:.1f} ms   max {ordered[-1]:.1f} ms   (budget: p95 < {BUDGET_MS:.0f} ms)"
    )
    if cpu:
        print(
            f"server CPU per edit: median {statistics.median(cpu):.1f} ms   p95 {p95(cpu):.1f} ms"
        )
    return 0 if slow < BUDGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""Workspace symbols of the language server on a real workspace: ``workspace/symbol`` with the
corpus directory ``<corpus>/tracker`` (61 ``.dip`` files, 21 ``.dot`` and the prompt and script
files they read) as the workspace folder and nothing open.

Each run starts ``python -m dipcheck lsp``, waits for ``initialize``, then times:

* **cold** — the first request (empty query): the folder walked, every workflow file parsed
  (front-end only) and its symbols built;
* **warm** — ``--queries`` further requests with different queries: the folder walked again
  and each file's modification time compared; nothing parsed.

The time is from sending the request to receiving the answer (JSON-RPC both ways included).

    python benchmarks/workspace_symbols.py              # 5 runs
    python benchmarks/workspace_symbols.py --runs 9 --folder /some/workspace
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "tracker"
QUERIES = ["", "plan", "rev", "x", "build", "Done", "fix", "ci", "agent", "q"]


async def one_run(folder: Path, queries: int) -> tuple[float, list[float], int]:
    client = LanguageClient("workspace-symbols", "1")
    await client.start_io(sys.executable, "-m", "dipcheck", "lsp")
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=folder.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)],
        )
    )
    client.initialized(types.InitializedParams())

    async def ask(query: str) -> tuple[float, int]:
        started = time.perf_counter()
        found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=query))
        return (time.perf_counter() - started) * 1000, len(found or [])

    cold, count = await ask("")
    warm = [(await ask(QUERIES[index % len(QUERIES)]))[0] for index in range(queries)]
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return cold, warm, count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=DEFAULT_FOLDER, help="the workspace")
    parser.add_argument("--runs", type=int, default=5, help="server starts (default 5)")
    parser.add_argument("--queries", type=int, default=20, help="warm requests per run")
    args = parser.parse_args()
    if not args.folder.is_dir():
        print(f"{args.folder}: not found (the shared corpus sits beside the project)")
        return 2
    colds: list[float] = []
    warms: list[float] = []
    count = 0
    for _ in range(args.runs):
        cold, warm, count = asyncio.run(one_run(args.folder.resolve(), args.queries))
        colds.append(cold)
        warms.extend(warm)
    files = sum(1 for path in args.folder.rglob("*") if path.suffix in (".dip", ".yaml", ".yml"))
    print(f"{args.folder}: {files} workflow files, {count} symbols, {args.runs} runs")
    print(
        f"cold (first request): median {statistics.median(colds):.0f} ms   "
        f"min {min(colds):.0f} ms   max {max(colds):.0f} ms"
    )
    print(
        f"warm ({len(warms)} requests): median {statistics.median(warms):.1f} ms   "
        f"min {min(warms):.1f} ms   max {max(warms):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

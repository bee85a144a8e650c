"""The language server with many documents open: ``didOpen`` of N small workflows, one
after the other, until each one's diagnostics are published.

Each document is a five-line workflow in a fresh temporary folder; the server runs with
``debounceMs: 0``. The time is from the first ``didOpen`` to the last publication, so it
includes every lint; with events that cost the same however many documents are open it
grows linearly with N (issue 19 §1: 2,000 documents took 13 s when every event passed over
all of them, 3,000 took 54).

    python benchmarks/lsp_many_documents.py                  # 1,500 and 3,000 documents
    python benchmarks/lsp_many_documents.py --counts 500 5000 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

TEXT = "workflow W{index}\n  start: A\n  exit: A\n  agent A\n    label: A\n"


async def measure(count: int) -> float:
    client = LanguageClient("lsp-many-documents", "1")
    published: set[str] = set()
    done = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def arrived(params: types.PublishDiagnosticsParams) -> None:
        published.add(params.uri)
        if len(published) == count:
            done.set()

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        await client.start_io(sys.executable, "-m", "dipcheck", "lsp")
        await client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=root.as_uri(),
                initialization_options={"debounceMs": 0},
            )
        )
        client.initialized(types.InitializedParams())
        started = time.perf_counter()
        for index in range(count):
            item = types.TextDocumentItem(
                (root / f"d{index}.dip").as_uri(), "dip", 1, TEXT.format(index=index)
            )
            client.text_document_did_open(types.DidOpenTextDocumentParams(item))
        await asyncio.wait_for(done.wait(), 1800)
        elapsed = time.perf_counter() - started
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[1500, 3000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    medians = []
    for count in args.counts:
        times = [asyncio.run(measure(count)) for _ in range(args.runs)]
        median = statistics.median(times)
        medians.append(median)
        each = median / count * 1000
        print(f"{count:>6} documents: median {median:6.2f} s  ({each:.2f} ms each)")
    if len(medians) > 1:
        growth = medians[-1] / medians[0]
        ratio = args.counts[-1] / args.counts[0]
        print(f"growth {growth:.1f}x for {ratio:.1f}x the documents")
    return 0


if __name__ == "__main__":
    sys.exit(main())

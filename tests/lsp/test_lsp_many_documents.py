"""Events cost the same however many documents are open: opening, editing and closing one
used to pass over every open document (to gather their texts for the lint, to find the one
a URI spelled another way names, the ones that read a file, the ones that found something in
it), so 2,000 documents took 13 s to open and 3,000 took 54 (issue 19 §1, bounded
everywhere). ``benchmarks``-style timing is not asserted here: the passes are counted."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from dipcheck_lsp import state
from lsprotocol import types

TEXT = "workflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n"


class _Host:
    encoding = "utf-16"
    root = None

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}
        self.asked = 0  # how often the state asked for a document's text
        self.published: dict[str, int] = {}

    def document(self, uri: str) -> tuple[int, str] | None:
        self.asked += 1
        text = self.texts.get(uri)
        return None if text is None else (self.versions.get(uri, 1), text)

    def line_starts(self, uri: str, text: str) -> list[int] | None:
        return None

    def publish(self, uri: str, version: int | None, items: list[types.Diagnostic]) -> None:
        self.published[uri] = self.published.get(uri, 0) + 1

    def refresh(self) -> None: ...

    def show_error(self, message: str) -> None: ...

    def log_error(self, message: str) -> None: ...


class _Counted(dict):  # type: ignore[type-arg]
    """The state's documents, counting the passes over all of them."""

    passes = 0

    def values(self):  # type: ignore[no-untyped-def]
        _Counted.passes += 1
        return super().values()


async def _session(folder: Path, count: int) -> tuple[_Host, state.State]:
    host = _Host()
    with ThreadPoolExecutor(1) as executor:
        server = state.State(host, state.Settings(debounce=0.0), executor)
        server.docs = _Counted()
        uris = [(folder / f"d{index}.dip").as_uri() for index in range(count)]
        for uri in uris:
            host.texts[uri] = TEXT
            server.opened(uri, "dip")
        while len(host.published) < count:
            await asyncio.sleep(0.01)
        # an edit under another spelling of the URI, then a close
        spelled = uris[-1].replace("/d", "/%64", 1)
        host.texts[uris[-1]] = TEXT.replace("label: A", "label: B")
        host.versions[uris[-1]] = 2
        server.changed(spelled)
        server.closed(uris[0])
        await asyncio.gather(*server.tasks)
    return host, server


def test_opening_many_documents_does_not_pass_over_all_of_them(tmp_path: Path) -> None:
    count = 300
    _Counted.passes = 0
    host, server = asyncio.run(_session(tmp_path, count))
    assert set(host.published) == {(tmp_path / f"d{i}.dip").as_uri() for i in range(count)}
    # each document's text is asked for when it opens and when it changes, and its own when
    # it is linted: about three times the documents (once a pass per lint: 90,000)
    assert host.asked <= 3 * count + 10
    assert _Counted.passes == 0
    last = (tmp_path / f"d{count - 1}.dip").as_uri()
    # the edit under `%64` for `d` reached the document opened as `d…` (and was linted)
    snapshot = server.docs[last].snapshot
    assert snapshot is not None and "label: B" in snapshot.result.source.text
    assert (tmp_path / "d0.dip").as_uri() not in server.docs
    assert str(tmp_path / "d0.dip") not in server.texts  # the closed one's text is dropped

"""The previous lint of a document is released after its successor's diagnostics are sent:
dropping the last reference to a large workflow's model frees tens of thousands of objects,
which would otherwise delay every publish (issue 19 §3, the language server's latency)."""

from __future__ import annotations

import gc
import weakref
from concurrent.futures import ThreadPoolExecutor

from dipcheck_lsp import state
from lsprotocol import types

from dipcheck.config import Config

TEXT = """workflow W
  start: A
  exit: B

  agent A
    prompt: hi

  agent B
    prompt: bye

  edges
    A -> B
"""


class _Host:
    encoding = "utf-16"
    root = None

    def __init__(self) -> None:
        self.previous: weakref.ref[state.Snapshot] | None = None
        self.alive_when_published: list[bool] = []

    def document(self, uri: str) -> tuple[int, str] | None:
        return None

    def line_starts(self, uri: str, text: str) -> list[int] | None:
        return None

    def publish(self, uri: str, version: int | None, items: list[types.Diagnostic]) -> None:
        if self.previous is not None:
            self.alive_when_published.append(self.previous() is not None)

    def refresh(self) -> None: ...

    def show_error(self, message: str) -> None: ...

    def log_error(self, message: str) -> None: ...


def _lint(text: str, version: int) -> state.Snapshot:
    request = state.Request(
        uri="file:///w/w.dip",
        version=version,
        generation=0,
        text=text,
        path=None,
        fmt="dip",
        config=Config(),
        open_texts={},
        root=None,
        encoding="utf-16",
    )
    return state.lint(request)


def test_the_previous_lint_is_released_after_the_new_diagnostics_are_sent() -> None:
    host = _Host()
    with ThreadPoolExecutor(1) as executor:
        server = state.State(host, state.Settings(), executor)
        doc = state.Document(uri="file:///w/w.dip", path=None, language_id="dip")
        server.push(doc, _lint(TEXT, 1))
        host.previous = weakref.ref(doc.published)  # type: ignore[arg-type]
        gc.disable()  # only reference counting frees it: no collection between the two
        try:
            server.push(doc, _lint(TEXT + "\n", 2))
            assert host.alive_when_published == [True]
            assert host.previous() is None  # and it was freed by the push itself
        finally:
            gc.enable()

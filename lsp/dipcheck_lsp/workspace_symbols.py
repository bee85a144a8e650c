"""Workspace symbols (``workspace/symbol``): every workflow and its nodes (steps, for YAML step
workflows), in the open documents and in the workflow files of the workspace folders.

The folders are searched as ``dipcheck lint <folder>`` would (``engine.expand_paths``: the
configuration's ``exclude``, no hidden directories, no ``node_modules``). A file on disk is
parsed once (the front-end only, no rules) and its symbols kept until its modification time or
size changes; a request re-walks the folders and stats the files, nothing more. An open
document's symbols come from its latest lint instead, so unsaved text counts and its file on
disk is skipped. A query matches a name that holds its characters in order, ignoring case
(``pln`` finds ``Plan``), as editors filter. A folder that is the home directory or the file
system's root is not searched (the server skips it: it holds every file on the machine).
At most :data:`MAX_FILES` workflow files are searched in all; past them the walk stops and the
server logs once that the answer is partial (a monorepo's vendored workflows can number in
the hundreds of thousands: 100,000 files took 52 s to parse and 9 s to walk again).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from lsprotocol import types

from dipcheck.config import Config, ConfigError, FolderSettings, load_config
from dipcheck.engine import linked_outside, load_workflow, workflow_files
from dipcheck.model import Workflow
from dipcheck.records import record
from dipcheck.source import Span
from dipcheck_lsp import watch
from dipcheck_lsp.convert import Positions, uri_of
from dipcheck_lsp.symbols import node_kind

Symbols = tuple[types.SymbolInformation, ...]
MAX_FILES = 10_000


def workflow_symbols(workflow: Workflow, positions: Positions, uri: str) -> Symbols:
    """The workflow (at its name) and each node (its whole declaration), named by id."""
    name = workflow.name.value if workflow.name is not None else None
    found: list[types.SymbolInformation] = []
    if name is not None:
        found.append(
            types.SymbolInformation(
                name=name,
                kind=types.SymbolKind.Module,
                location=types.Location(uri, positions.span_range(workflow.name.span)),
            )
        )
    for node in workflow.nodes:
        span: Span = node.span.cover(node.id_span)
        found.append(
            types.SymbolInformation(
                name=node.id,
                kind=node_kind(node, workflow),
                location=types.Location(uri, positions.span_range(span)),
                container_name=name,
            )
        )
    return tuple(found)


def matches(query: str, name: str) -> bool:
    """Does ``name`` hold the characters of ``query`` in order (ignoring case)?"""
    rest = iter(name.lower())
    return all(char in rest for char in query.lower())


@record(frozen=True, slots=True)
class _Parsed:
    stamp: watch.Stamp
    included: bool  # named by the configuration's `include` (read as a step workflow)
    symbols: Symbols


class Index:
    """The parsed workflow files of the workspace folders, by path."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self.files: dict[str, _Parsed] = {}
        self.cut = False  # the last scan stopped at MAX_FILES

    def scan(
        self, folders: Iterable[str], skip: set[str]
    ) -> tuple[list[types.SymbolInformation], str | None]:
        """The symbols of the first :data:`MAX_FILES` workflow files in ``folders`` except the
        paths in ``skip``, and a note for the log when the walk was first cut short there
        (runs in a worker thread; one scan at a time)."""
        seen: dict[str, _Parsed] = {}
        found = 0
        for folder in folders:
            # (each file's settings are its closest configuration file's, as lint finds them)
            first = _config(folder)
            each = FolderSettings(first, _config)
            for path in workflow_files(folder, first, each):
                found += 1
                if found > MAX_FILES:
                    break
                path = os.path.normpath(path)
                if path in skip or path in seen or linked_outside(path, folder) is not None:
                    continue
                stamp = watch.stamp(path)
                config = each(path)
                included = config.included(path)
                cached = self.files.get(path)
                if cached is None or (cached.stamp, cached.included) != (stamp, included):
                    cached = _Parsed(stamp, included, self._parse(path, config))
                seen[path] = cached
        self.files = seen  # deleted and newly excluded files drop out
        cut, self.cut = self.cut, found > MAX_FILES
        note = (
            f"workspace symbols: the workspace holds more than {MAX_FILES:,} workflow files; "
            f"only the first {MAX_FILES:,} are searched (open a file to search it, or leave "
            "folders out with `exclude` in dipcheck.toml)"
            if self.cut and not cut
            else None
        )
        return [symbol for parsed in seen.values() for symbol in parsed.symbols], note

    def _parse(self, path: str, config: Config) -> Symbols:
        uri = uri_of(path)
        workflow = load_workflow(path, config) if uri is not None else None
        if workflow is None or uri is None:
            return ()
        return workflow_symbols(workflow, Positions(workflow.source, self.encoding), uri)


def _config(folder: str) -> Config:
    try:
        return load_config(folder)
    except ConfigError:  # reported for the open documents; the defaults do here
        return Config()

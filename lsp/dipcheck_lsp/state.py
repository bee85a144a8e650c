"""Open documents, their lint snapshots, configuration, dependencies and debounced re-lints.

Every lint runs the library's ``lint_text`` in a worker thread, so the event loop keeps
answering requests. A document is linted by one worker at a time (a per-document lock), and a
result is published only when it is still the result for the document's current version and
dependency generation; anything older is dropped. Edits are debounced per document; the first
lint after ``didOpen`` is immediate. While the user types, lints skip the shell checks for
command texts not checked before (each would start a bash or shellcheck process); once the
typing pauses for ``SHELL_CHECK_PAUSE`` seconds the document is linted once more with them.

A lint records the files it depended on: every file the front-end read through the reader (file
directives; the reader serves open documents before the disk) and every path a subgraph ref
may resolve to. When one of those changes — an open document is edited, closed or opened, or
the client reports a file event — each dependent document gets a new generation and is linted
again. Configuration changes (a ``dipcheck.toml``/``pyproject.toml`` event or
``workspace/didChangeConfiguration``) re-lint everything.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from functools import cached_property
from typing import Any, Protocol
from urllib.parse import unquote

from lsprotocol import types

from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.config import Config, ConfigError, load_config
from dipcheck.configfile import CONFIG_NAMES
from dipcheck.engine import LintResult, detect_format, lint_text, read_problem
from dipcheck.files import MAX_FILE_BYTES, FileTooLarge
from dipcheck.frontends.common import read_from_disk
from dipcheck.records import field, fields, record, replace
from dipcheck.rules import registry
from dipcheck.shelltools import SPAWN
from dipcheck.source import SourceText
from dipcheck.target import TargetVersion, parse_target
from dipcheck.terminal import quoted
from dipcheck_lsp import links, testing, watch
from dipcheck_lsp.collector import IdleCollector
from dipcheck_lsp.convert import Positions, path_of
from dipcheck_lsp.findings import Converted, convert
from dipcheck_lsp.index import Index

# Seconds without an edit after which a document is linted once more with the shell checks
# (DIP123's bash -n, DC207's shellcheck) that lints skip while the user types.
SHELL_CHECK_PAUSE = 1.0
# The longest wait after an edit a `debounceMs` setting may ask for (a minute).
MAX_DEBOUNCE_MS = 60_000
# How many of the selectors no rule matches a settings problem names (each quoted in part).
MAX_SHOWN = 5
LANGUAGE_FORMATS = {"dip": "dip", "dippin": "dip", "yaml": "yaml", "dot": "dot", "graphviz": "dot"}


@record
class Settings:
    """Server settings from ``initializationOptions`` or ``didChangeConfiguration``, optionally
    under a ``"dipcheck"`` key: ``debounceMs``, ``select`` / ``ignore`` (rule selectors, as
    ``--select`` / ``--ignore`` layer them over the configuration file), ``targetVersion``
    (replaces ``target-version``), ``inlayHints`` (true or false). A ``"dipcheck"`` section is
    the whole of the settings: one it leaves out goes back to its default (an editor sends its
    whole section on each change, so a setting the user removed is simply absent; it kept its
    old value). Settings sent without that key change only those they name. A value that
    cannot be used is reported in ``problems`` and not applied: a ``debounceMs`` that is not a
    number from 0 to :data:`MAX_DEBOUNCE_MS` (1e300 held every lint back for good), an
    ``inlayHints`` that is not true or false, and the selectors no rule matches, in one
    problem per setting (not one each: every problem is a message the editor shows)."""

    debounce: float = 0.15
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    target: TargetVersion | None = None
    inlay_hints: bool = True
    problems: list[str] = field(default_factory=list)

    def update(self, data: object) -> None:
        if not isinstance(data, dict):
            return
        section = data.get("dipcheck", data)
        if not isinstance(section, dict):
            return
        if section is not data:
            defaults = Settings()
            for item in fields(self):
                setattr(self, item.name, getattr(defaults, item.name))
        self.problems = []
        if "debounceMs" in section:
            value = section["debounceMs"]
            if (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and (0 <= value <= MAX_DEBOUNCE_MS)
            ):
                self.debounce = value / 1000
            else:
                self.problems.append(
                    f"setting `debounceMs` must be a number of milliseconds from 0 to "
                    f"{MAX_DEBOUNCE_MS}"
                )
        for key in ("select", "ignore"):
            if key in section:
                setattr(self, key, self._selectors(key, section[key]))
        if "targetVersion" in section:
            self.target = self._target(section["targetVersion"])
        if "inlayHints" in section:
            value = section["inlayHints"]
            if isinstance(value, bool):
                self.inlay_hints = value
            else:
                self.problems.append("setting `inlayHints` must be true or false")

    def _selectors(self, key: str, value: object) -> tuple[str, ...]:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list):
            self.problems.append(f"setting `{key}` must be a list of rule codes or names")
            return ()
        chosen: dict[str, None] = {}  # each selector once: a lint tries every one
        unmatched: dict[str, None] = {}
        for item in items:
            text = str(item).strip()
            if not text or text in chosen or text in unmatched:
                continue
            if registry.select(text):
                chosen[text] = None
            else:
                unmatched[text] = None
        if unmatched:  # one message, however many: each is a notification the editor shows
            shown = [quoted(text) for text in list(unmatched)[:MAX_SHOWN]]
            more = len(unmatched) - len(shown)
            self.problems.append(
                f"setting `{key}`: no rule matches {', '.join(shown)}"
                + (f" (and {more} more)" if more > 0 else "")
            )
        return tuple(chosen)

    def _target(self, value: object) -> TargetVersion | None:
        text = str(value or "").strip()
        if not text:
            return None
        try:
            return parse_target(text)
        except ValueError as error:
            self.problems.append(f"setting `targetVersion`: {error}")
            return None

    def apply(self, config: Config) -> Config:
        """The configuration with the editor's settings on top."""
        # (as the command line's options, as ruff layers them: `select` starts the selection
        # again, the file's extend-select and ignore with it; `ignore` alone adds to the file's)
        if self.select:
            config = replace(config, select=self.select, extend_select=(), ignore=self.ignore)
        elif self.ignore:
            config = replace(config, ignore=(*config.ignore, *self.ignore))
        if self.target is not None:
            config = replace(config, target=self.target)
        return config


class Host(Protocol):
    """What the state needs from the server."""

    encoding: str
    root: str | None

    def document(self, uri: str) -> tuple[int, str] | None: ...

    def line_starts(self, uri: str, text: str) -> list[int] | None: ...

    def publish(self, uri: str, version: int | None, items: list[types.Diagnostic]) -> None: ...

    def refresh(self) -> None: ...

    def show_error(self, message: str) -> None: ...

    def log_error(self, message: str) -> None: ...


@record(frozen=True)
class Request:
    """Everything a worker thread needs to lint one version of one document."""

    uri: str
    version: int
    generation: int
    text: str
    path: str | None
    fmt: str | None
    config: Config
    open_texts: dict[str, str]
    root: str | None
    encoding: str
    quick: bool = False  # while typing: no bash/shellcheck process for uncached commands
    line_starts: list[int] | None = None  # those of `text`, when the server knows them


@record(eq=False)
class Snapshot:
    """One finished lint of one version of a document."""

    uri: str
    version: int
    generation: int
    result_id: str
    path: str | None
    fmt: str | None
    root: str | None
    result: LintResult
    converted: Converted
    deps: frozenset[str]
    encoding: str
    stamps: dict[str, watch.Stamp] = field(default_factory=dict)  # of deps and config files

    @property
    def source(self) -> SourceText:
        return self.result.source

    @cached_property
    def positions(self) -> Positions:
        return Positions(self.result.source, self.encoding)

    @cached_property
    def index(self) -> Index:
        return Index(self.result.workflow, self.result.source, self.flow)

    @cached_property
    def flow(self) -> ContextFlow | None:
        workflow = self.result.workflow
        return ContextFlow(workflow) if workflow is not None else None


_RESULT_IDS = itertools.count(1)


def _size_over_limit(text: str) -> int | None:
    """The bytes ``text`` takes saved as UTF-8 when they are over the CLI's limit, else None.
    A text of at most a quarter of the limit in characters is under it (a character takes at
    most 4 bytes): encoding a 3,000-line workflow with a few non-ASCII characters to count
    its bytes took 0.2 ms of every lint."""
    if len(text) * 4 <= MAX_FILE_BYTES:
        return None
    size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    return size if size > MAX_FILE_BYTES else None


def lint(request: Request) -> Snapshot:
    """Lint one document version (runs in a worker thread)."""
    accessed: list[str] = []
    stamps: dict[str, watch.Stamp] = {}
    if request.path is not None:
        for candidate in watch.config_candidates(request.path):
            stamps[candidate] = watch.stamp(candidate)

    def reader(path: str) -> str:
        normal = os.path.normpath(path)
        accessed.append(normal)
        stamps[normal] = watch.stamp(normal)
        text = request.open_texts.get(normal)
        return text if text is not None else read_from_disk(path)

    display = request.path or f"<{request.uri}>"
    if testing.is_test_path(request.path):
        assert request.path is not None
        result, converted, deps = testing.lint_tests(
            request, lambda path: request.open_texts.get(os.path.normpath(path))
        )
        for dep in deps:
            stamps[dep] = watch.stamp(dep)
        return Snapshot(
            uri=request.uri,
            version=request.version,
            generation=request.generation,
            result_id=str(next(_RESULT_IDS)),
            path=request.path,
            fmt=None,
            root=request.root,
            result=result,
            converted=converted,
            deps=frozenset(deps),
            encoding=request.encoding,
            stamps=stamps,
        )
    size = _size_over_limit(request.text)
    if request.fmt is None:
        result = LintResult(display, SourceText(display, request.text), None, [])
    elif size is not None:
        # the CLI's limit (`dipcheck lint` of the saved file, or of standard input, answers
        # this DC002): the document is not linted, as the file would not be
        problem = read_problem(display, FileTooLarge(display, MAX_FILE_BYTES, size))
        result = LintResult(display, problem.span.source, None, [problem])
    else:
        spawn = SPAWN.set(not request.quick)
        try:
            result = lint_text(
                request.text,
                display,
                request.config,
                request.fmt,
                reader=reader,
                line_starts=request.line_starts,
            )
        finally:
            SPAWN.reset(spawn)
    deps = set(accessed)
    if result.workflow is not None and request.path is not None:
        base = os.path.dirname(request.path)
        for _, item in links.subgraph_refs(result.workflow):
            deps.update(links.subgraph_candidates(base, item.text, request.root))
    converted = convert(
        result, request.fmt or "dip", request.uri, request.version, request.encoding
    )
    return Snapshot(
        uri=request.uri,
        version=request.version,
        generation=request.generation,
        result_id=str(next(_RESULT_IDS)),
        path=request.path,
        fmt=request.fmt,
        root=request.root,
        result=result,
        converted=converted,
        deps=frozenset(deps),
        encoding=request.encoding,
        stamps=stamps,
    )


@record(eq=False)
class Document:
    uri: str
    path: str | None
    language_id: str
    generation: int = 0
    snapshot: Snapshot | None = None  # the newest finished lint
    published: Snapshot | None = None  # the lint whose diagnostics were last pushed
    timer: asyncio.Task[None] | None = None
    quick: bool = False  # edited since the last lint that ran the shell checks
    pause: asyncio.Task[None] | None = None  # waits for the typing to pause
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False


class State:
    def __init__(self, host: Host, settings: Settings, executor: Executor) -> None:
        self.host = host
        self.settings = settings
        self.executor = executor
        self.pull = False
        self.docs: dict[str, Document] = {}
        # indexes kept as documents open, change, close and are linted, so that an event
        # costs the same with ten thousand documents open as with one (each was a pass over
        # every open document: 2,000 documents took 13 s to open, 3,000 took 54)
        self.spellings: dict[str, str] = {}  # decoded URI -> the URI a document opened under
        self.texts: dict[str, str] = {}  # path -> the editor's text of an open document
        self.text_of: dict[str, str] = {}  # path -> the URI of the document that text is
        self.dependents: dict[str, dict[str, None]] = {}  # path -> URIs whose lint read it
        self.holders: dict[str, None] = {}  # URIs whose lint found something in other files
        self.configs: dict[str, Config] = {}
        self.config_errors: set[str] = set()
        self.tasks: set[asyncio.Task[Any]] = set()
        self.on_linted: Callable[[], None] | None = None  # after each new snapshot
        self.collector = IdleCollector()

    # -- document lifecycle --------------------------------------------------------------

    def known(self, uri: str) -> str:
        """The URI an open document was opened under, for ``uri`` spelled another way
        (``%20`` for a space, ``%3A`` for a drive letter's colon): pygls keeps the text under
        the decoded URI, so an edit sent under another spelling changed the text but was
        never linted, and requests under it found no document."""
        if uri in self.docs:
            return uri
        return self.spellings.get(unquote(uri), uri)

    def opened(self, uri: str, language_id: str) -> None:
        previous = self.docs.get(self.known(uri))
        if previous is not None:
            self.forget(previous)
            previous.closed = True
        doc = Document(uri, path_of(uri), language_id)
        self.docs[uri] = doc
        self.spellings[unquote(uri)] = uri
        self.keep_text(doc)
        self.schedule(doc, 0.0)
        self.touched(doc.path, uri)

    def keep_text(self, doc: Document) -> None:
        """Note the editor's text of ``doc`` (what a lint of another file reads for it)."""
        state = self.host.document(doc.uri) if doc.path else None
        if doc.path and state is not None:
            self.texts[doc.path] = state[1]
            self.text_of[doc.path] = doc.uri

    def forget(self, doc: Document) -> None:
        """Take a document that closes (or is opened again) out of the state and its indexes."""
        self.docs.pop(doc.uri, None)
        if self.spellings.get(unquote(doc.uri)) == doc.uri:
            del self.spellings[unquote(doc.uri)]
        if doc.path is not None and self.text_of.get(doc.path) == doc.uri:
            del self.texts[doc.path], self.text_of[doc.path]
        self.holders.pop(doc.uri, None)
        self.depends(doc, None)

    def depends(self, doc: Document, snapshot: Snapshot | None) -> None:
        """``doc``'s newest lint is ``snapshot`` (None: it has none any more): index the files
        it read."""
        old = doc.snapshot.deps if doc.snapshot is not None else frozenset()
        new = snapshot.deps if snapshot is not None else frozenset()
        for path in old - new:
            users = self.dependents.get(path)
            if users is not None:
                users.pop(doc.uri, None)
                if not users:
                    del self.dependents[path]
        for path in new - old:
            self.dependents.setdefault(path, {})[doc.uri] = None
        doc.snapshot = snapshot

    def changed(self, uri: str) -> None:
        doc = self.docs.get(self.known(uri))
        if doc is None:
            return
        uri = doc.uri
        self.keep_text(doc)
        doc.quick = True
        if doc.pause is not None:
            doc.pause.cancel()
        doc.pause = self.spawn(self.paused(doc))
        self.schedule(doc, self.settings.debounce)
        self.touched(doc.path, uri)

    async def paused(self, doc: Document) -> None:
        """Once the typing pauses, lint again with the shell checks that were skipped while
        it went on (bash -n and shellcheck start a process per new command text)."""
        await asyncio.sleep(SHELL_CHECK_PAUSE)
        doc.pause = None
        if doc.closed or not doc.quick:
            return
        doc.quick = False
        self.invalidate(doc)
        if self.pull:
            self.host.refresh()

    def closed(self, uri: str) -> None:
        doc = self.docs.get(self.known(uri))
        if doc is None:
            return
        self.forget(doc)
        uri = doc.uri
        doc.closed = True
        for task in (doc.timer, doc.pause):
            if task is not None:
                task.cancel()
        if not self.pull:
            old = doc.published.converted.foreign if doc.published else {}
            self.send(uri)
            for other in old:
                self.send(other)
        self.touched(doc.path, uri)

    def saved(self, uri: str) -> None:
        """The document was written to disk: lint it again (re-reading the files it includes,
        for clients that do not report their changes) and what depends on it."""
        doc = self.docs.get(self.known(uri))
        if doc is not None:
            self.invalidate(doc)
            self.touched(doc.path, doc.uri)

    def files_changed(self, paths: list[str]) -> None:
        if any(os.path.basename(path) in CONFIG_NAMES for path in paths):
            self.configuration_changed()
            return
        open_paths = {doc.path for doc in self.docs.values()}
        for path in paths:
            if path not in open_paths:  # the editor's text of an open file wins over the disk
                self.touched(path, None)

    def seen_stamps(self) -> list[tuple[str, watch.Stamp]]:
        """Each file the open documents' lints read or looked for, with what they saw."""
        return [
            item
            for doc in self.docs.values()
            if doc.snapshot is not None
            for item in doc.snapshot.stamps.items()
        ]

    def watched_paths(self) -> set[str]:
        """The files whose change on disk should re-lint an open document: what its last lint
        read (or tried to) and every configuration file that could apply to it."""
        paths: set[str] = set()
        for doc in self.docs.values():
            if doc.snapshot is not None:
                paths.update(doc.snapshot.deps)
            if doc.path is not None:
                paths.update(watch.config_candidates(doc.path))
        return paths

    def configuration_changed(self) -> None:
        self.configs.clear()
        self.config_errors.clear()
        for doc in self.docs.values():
            self.invalidate(doc)
        if self.pull and self.docs:
            self.host.refresh()

    def touched(self, path: str | None, changed_uri: str | None) -> None:
        """``path`` has new content: lint the documents that depend on it again."""
        if path is None:
            return
        dependents = [
            doc
            for uri in self.dependents.get(path, ())
            if uri != changed_uri and (doc := self.docs.get(uri)) is not None
        ]
        for doc in dependents:
            self.invalidate(doc)
        if self.pull and dependents:
            self.host.refresh()

    def invalidate(self, doc: Document) -> None:
        doc.generation += 1
        if not self.pull:
            self.schedule(doc, self.settings.debounce)

    # -- linting -------------------------------------------------------------------------

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def schedule(self, doc: Document, delay: float) -> None:
        """Lint and push after ``delay`` (push clients); a newer edit restarts the wait."""
        if self.pull:
            return
        if doc.timer is not None:
            doc.timer.cancel()
        doc.timer = self.spawn(self.publish_later(doc, delay))

    async def publish_later(self, doc: Document, delay: float) -> None:
        await asyncio.sleep(delay)
        doc.timer = None  # from here on a newer edit no longer cancels this lint
        try:
            snapshot = await self.snapshot(doc)
            if snapshot is not None and self.current(doc, snapshot):
                self.push(doc, snapshot)
        except Exception as error:  # never let a lint failure escape the task
            self.host.log_error(f"linting {doc.uri} failed: {error!r}")

    def current(self, doc: Document, snapshot: Snapshot) -> bool:
        state = self.host.document(doc.uri)
        return (
            not doc.closed
            and state is not None
            and snapshot.version == state[0]
            and snapshot.generation == doc.generation
        )

    async def snapshot(self, doc: Document) -> Snapshot | None:
        """A lint of the document's current text (the cached one when it is current)."""
        async with doc.lock:
            state = self.host.document(doc.uri)
            if state is None or doc.closed:
                return doc.snapshot
            version, text = state
            cached = doc.snapshot
            if cached is not None and (cached.version, cached.generation) == (
                version,
                doc.generation,
            ):
                return cached
            request = self.request(doc, version, text)
            loop = asyncio.get_running_loop()
            self.collector.started()
            try:
                snapshot = await loop.run_in_executor(self.executor, lint, request)
                if doc.closed:
                    doc.snapshot = snapshot
                else:
                    self.depends(doc, snapshot)
            finally:
                self.collector.finished()
            if self.on_linted is not None:
                self.on_linted()
            return doc.snapshot

    async def current_snapshot(self, uri: str) -> Snapshot | None:
        """A lint of exactly the current version (re-linting while edits keep arriving)."""
        doc = self.docs.get(self.known(uri))
        if doc is None:
            return None
        for _ in range(5):
            snapshot = await self.snapshot(doc)
            if snapshot is None or self.current(doc, snapshot) or doc.closed:
                return snapshot
        return doc.snapshot

    def latest(self, uri: str) -> Snapshot | None:
        doc = self.docs.get(self.known(uri))
        return doc.snapshot if doc is not None else None

    def request(self, doc: Document, version: int, text: str) -> Request:
        config = self.config_for(doc.path)
        fmt = detect_format(doc.path, config) if doc.path else None
        if fmt is None and (doc.path is None or not os.path.splitext(doc.path)[1]):
            fmt = LANGUAGE_FORMATS.get(doc.language_id)
        return Request(
            uri=doc.uri,
            version=version,
            generation=doc.generation,
            text=text,
            path=doc.path,
            fmt=fmt,
            config=config,
            open_texts=dict(self.texts),
            root=self.host.root,
            encoding=self.host.encoding,
            quick=doc.quick,
            line_starts=self.host.line_starts(doc.uri, text),
        )

    def config_for(self, path: str | None) -> Config:
        return self.settings.apply(self._file_config(path))

    def _file_config(self, path: str | None) -> Config:
        if path is None:
            return Config()
        directory = os.path.dirname(path)
        config = self.configs.get(directory)
        if config is None:
            try:
                config = load_config(path)
            except ConfigError as error:
                message = f"dipcheck configuration error: {error}; using the defaults"
                if message not in self.config_errors:
                    self.config_errors.add(message)
                    self.host.show_error(message)
                config = Config()
            self.configs[directory] = config
        return config

    # -- push ----------------------------------------------------------------------------

    def push(self, doc: Document, snapshot: Snapshot) -> None:
        # the previous lint is freed once the diagnostics are out, not before: dropping the
        # last reference to a large workflow's model frees tens of thousands of objects
        previous = doc.published
        before = previous.converted.foreign if previous else {}
        doc.published = snapshot
        if snapshot.converted.foreign and not doc.closed:
            self.holders[doc.uri] = None
        else:
            self.holders.pop(doc.uri, None)
        self.send(doc.uri)
        for uri in {*before, *snapshot.converted.foreign}:
            if uri != doc.uri:
                self.send(uri)
        del previous

    def send(self, uri: str) -> None:
        """Publish everything known for ``uri``: its own findings (when it is open) and
        those other open workflows found in it as an included file."""
        doc = self.docs.get(uri)
        own = doc.published if doc is not None else None
        items = list(own.converted.own) if own is not None else []
        items.extend(self.contributions(uri))
        self.host.publish(uri, own.version if own is not None else None, items)

    def contributions(self, uri: str) -> list[types.Diagnostic]:
        items: list[types.Diagnostic] = []
        for holder in self.holders:
            doc = self.docs.get(holder)
            if holder != uri and doc is not None and doc.published is not None:
                items.extend(doc.published.converted.foreign.get(uri, ()))
        return items

    def current_in(self, uri: str) -> list[types.Diagnostic]:
        """What the other open workflows' published lints found in ``uri`` (an included
        file), from the lints that are still current: one made before the file or the
        workflow was edited again may point at text that has moved."""
        items: list[types.Diagnostic] = []
        for holder in self.holders:
            doc = self.docs.get(holder)
            published = doc.published if doc is not None else None
            if holder != uri and published is not None and self.current(doc, published):
                items.extend(published.converted.foreign.get(uri, ()))
        return items

    # -- pull ----------------------------------------------------------------------------

    async def report(self, uri: str, previous: str | None) -> types.DocumentDiagnosticReport:
        snapshot = await self.current_snapshot(uri)
        if snapshot is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        if previous == snapshot.result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=snapshot.result_id)
        return types.RelatedFullDocumentDiagnosticReport(
            items=list(snapshot.converted.own), result_id=snapshot.result_id
        )

"""The lint result cache (``.dipcheck_cache/``): a file is not linted again while nothing that
decides its findings changed.

An entry is keyed by the path and the effective settings (the whole :class:`Config`,
including the target version), the dipcheck version and a fingerprint of dipcheck's own
source files (so that an editable install does not serve results of older code), and the
external programs rules call (bash, shellcheck). It records a hash of the linted text and of
every file the lint read through its :class:`~dipcheck.frontends.common.RecordingReader` —
prompt files, command files, subgraph children, whatever directive read them — and is used
only while all of them are unchanged (a file that was missing must still be missing), as is
whether each program a rule looked up on PATH is found there (DIP125).

Entries are JSON files written atomically (a temporary file, then a rename), so concurrent
runs never see half an entry; an entry that cannot be read or decoded is a miss, never an
error. Directory: ``--cache-dir``, else ``$DIPCHECK_CACHE_DIR``, else ``.dipcheck_cache`` beside
the configuration file (or in the current directory); results go in its ``results/``
subdirectory (shell verdicts share ``$DIPCHECK_CACHE_DIR``). It is created private (mode
0700), and one that belongs to another user or that others can write is not used at all
(:mod:`dipcheck.files`): its entries could forge or hide findings. Every file in it is sealed
with this user's key (:mod:`dipcheck.sealing`), and one that is not is a miss.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.files import MAX_FILE_BYTES, read_regular, search_top, unchanged
from dipcheck.fingerprint import code_fingerprint
from dipcheck.frontends.common import digest
from dipcheck.hashing import sha256_hex
from dipcheck.result import LintResult, decode_text
from dipcheck.rules import registry
from dipcheck.sealing import seal, unseal
from dipcheck.source import SourceText, Span

FORMAT_VERSION = 1
_MAX_ENTRY_BYTES = 64 * 1024 * 1024
RESULTS = "results"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by dipcheck.\n"
)


class ResultCache:
    def __init__(self, directory: str, config: Config) -> None:
        self.root = directory
        self.directory = os.path.join(directory, RESULTS)
        self.config = config
        self._settings: dict[int, tuple[Config, str]] = {}
        self.hits = 0
        self.misses = 0
        self.checked: dict[tuple[str, str | None], bool] = {}  # files compared in this run
        self.rules = os.path.join(directory, f"rules-{code_fingerprint()[:20]}.json")
        self.trusted = all(_trusted(path) for path in (self.root, self.directory))
        if self.trusted:
            self._use_rules_snapshot()

    def _use_rules_snapshot(self) -> None:
        from dipcheck.files import read_private

        data = unseal(read_private(self.rules, _MAX_ENTRY_BYTES))
        if data is None:
            return
        # (else the modules are imported; RecursionError: brackets nested too deep for json)
        with contextlib.suppress(ValueError, TypeError, KeyError, RecursionError):
            registry.use_snapshot(json.loads(data))

    def _unchanged(self, path: str, recorded: str | None) -> bool:
        key = (path, recorded)
        if key not in self.checked:
            self.checked[key] = unchanged(path, recorded)
        return self.checked[key]

    def _key(self, config: Config) -> str:
        """What of the settings ``config`` an entry's key holds (worked out once each)."""
        known = self._settings.get(id(config))
        if known is None or known[0] is not config:
            known = (config, f"{FORMAT_VERSION}\0{code_fingerprint()}\0{config!r}")
            self._settings[id(config)] = known
        return known[1]

    def _entry(self, path: str, named: bool, trees: tuple[str, ...], config: Config) -> str:
        # (where the search for the file's parents stops is part of what a result depends on)
        top = search_top(path, trees) or ""
        settings = self._key(config)
        key = f"{settings}\0{path}\0{os.path.abspath(path)}\0{named}\0{top}"
        # (surrogateescape: a file name that is not UTF-8 keeps its own bytes, and entry)
        return os.path.join(self.directory, sha256_hex(key.encode("utf-8", "surrogateescape")))

    def lookup(
        self,
        path: str,
        named: bool = False,
        trees: tuple[str, ...] = (),
        config: Config | None = None,
    ) -> LintResult | None:
        """The cached result for ``path`` (linted as a named file or as one found in a
        directory, in a run given ``trees``: see :func:`~dipcheck.files.search_top`; with
        ``config``, by default the cache's), or None (a miss) when anything it depends on
        changed or the entry is missing or unusable."""
        if not self.trusted:
            self.misses += 1
            return None
        try:
            text = decode_text(read_regular(path, MAX_FILE_BYTES), path)
            entry_path = self._entry(path, named, trees, config or self.config)
            sealed = unseal(read_regular(entry_path, _MAX_ENTRY_BYTES))
            if sealed is None:
                raise BadEntry("not sealed with this user's key")
            entry = json.loads(sealed)
            if type(entry) is not dict or entry.get("path") != path:
                raise BadEntry("not an entry of this file")
            reads = reads_of(entry["reads"])
            if entry["content"] != digest(text.encode("utf-8")) or not all(
                self._unchanged(name, value) for name, value in reads.items()
            ):
                self.misses += 1
                return None
            result = decode(entry["result"], SourceText(path, text))
            result.dependencies = reads
        except (
            OSError,
            UnicodeDecodeError,
            ValueError,
            KeyError,
            TypeError,
            IndexError,
            RecursionError,  # (brackets nested too deep for the JSON reader)
        ):
            self.misses += 1
            return None
        self.hits += 1
        return result

    def store(
        self,
        result: LintResult,
        named: bool = False,
        trees: tuple[str, ...] = (),
        config: Config | None = None,
    ) -> None:
        """Remember ``result``, linted with ``config`` (by default the cache's); quietly
        nothing when the cache directory is not writable."""
        entry = {
            "path": result.path,
            "content": digest(result.source.text.encode("utf-8")),
            "reads": result.dependencies,
            "result": encode(result),
        }
        if not self.trusted:
            return
        try:
            self._prepare()
            where = self._entry(result.path, named, trees, config or self.config)
            self._write(where, _json_bytes(entry))
            if not os.path.exists(self.rules):
                self._write(self.rules, _json_bytes(registry.snapshot()))
        except OSError:
            return

    def _write(self, path: str, data: bytes) -> None:
        import tempfile

        sealed = seal(data)
        if sealed is None:
            return  # (no key: nothing this user's runs could believe again)
        handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(sealed)
        os.replace(temporary, path)

    def _prepare(self) -> None:
        if os.path.isdir(self.directory):
            return
        os.makedirs(self.root, mode=0o700, exist_ok=True)
        os.makedirs(self.directory, mode=0o700, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", _CACHEDIR_TAG), (".gitignore", "*\n")):
            _create(os.path.join(self.root, name), text)


def _create(path: str, text: str) -> None:
    """Write ``text`` to ``path`` as a new file; nothing when something is there already,
    a symbolic link too (even a dangling one: a checkout may plant ``CACHEDIR.TAG ->
    ../../elsewhere``, and writing through it would create a file outside the tree)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, 0o666)
    except FileExistsError:
        return
    with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
        stream.write(text)


def _json_bytes(value: object) -> bytes:
    """``value`` as compact UTF-8 JSON; a lone surrogate (the name of a file that is not
    UTF-8, as Python decodes it) is written as a ``\\udcXX`` escape, which reads back as it was."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":")).encode("ascii")


def _trusted(path: str) -> bool:
    """A cache directory that does not exist yet (it is created private), or one that only
    this user can write (see :func:`dipcheck.files.usable_directory`)."""
    from dipcheck.files import usable_directory

    return not os.path.lexists(path) or usable_directory(path)


# -- results as JSON --------------------------------------------------------------------------
# Spans refer to sources by index: 0 is the linted file (its text is not stored: the cache
# has it, a worker process sends it along), others are included files stored with their text.


def encode(result: LintResult, with_text: bool = False) -> dict[str, Any]:
    sources: list[SourceText] = [result.source]
    index: dict[int, int] = {id(result.source): 0}

    def span(value: Span) -> list[int]:
        number = index.get(id(value.source))
        if number is None:
            number = index[id(value.source)] = len(sources)
            sources.append(value.source)
        return [number, value.start, value.end]

    def edits(fix: Fix) -> list[list[Any]]:
        return [[*span(edit.span), edit.text] for edit in fix.edits]

    diagnostics = []
    for item in result.diagnostics:
        fix = item.fix
        diagnostics.append(
            [
                item.code,
                int(item.severity),
                item.message,
                span(item.span),
                [[*span(extra.span), extra.message] for extra in item.related],
                None
                if fix is None
                else [
                    fix.description,
                    fix.safe,
                    [[*span(edit.span), edit.text] for edit in fix.edits],
                ],
                item.help,
            ]
        )
    payload: dict[str, Any] = {
        "path": result.path,
        "sources": [[source.path, source.text] for source in sources[1:]],
        "diagnostics": diagnostics,
        "not_a_workflow": result.not_a_workflow,
    }
    if with_text:
        payload["text"] = result.source.text
        payload["reads"] = result.dependencies
    return payload


class BadEntry(ValueError):
    """A stored result that does not have the shape :func:`encode` writes."""


def _text(value: Any) -> str:
    if type(value) is not str:
        raise BadEntry(f"expected text, found {type(value).__name__}")
    return value


def _number(value: Any) -> int:
    if type(value) is not int:
        raise BadEntry(f"expected an integer, found {type(value).__name__}")
    return value


def _items(value: Any, size: int | None = None) -> list[Any]:
    if type(value) is not list or (size is not None and len(value) != size):
        raise BadEntry("expected a list" + (f" of {size}" if size is not None else ""))
    return value


def reads_of(value: Any) -> dict[str, str | None]:
    """The ``reads`` of an entry: file path -> stamp (None: the file could not be read)."""
    if type(value) is not dict:
        raise BadEntry("expected a mapping of files")
    for name, stamp in value.items():
        if type(name) is not str or not (stamp is None or type(stamp) is str):
            raise BadEntry("expected file stamps")
    return value


def decode(payload: dict[str, Any], main: SourceText | None = None) -> LintResult:
    """The result :func:`encode` wrote; :class:`BadEntry` (a ValueError) for anything else,
    so that a damaged or forged entry is a cache miss, never a crash further on."""
    if type(payload) is not dict:
        raise BadEntry("expected a mapping")
    source = main or SourceText(_text(payload["path"]), _text(payload["text"]))
    sources = [source]
    for item in _items(payload["sources"]):
        path, text = _items(item, 2)
        sources.append(SourceText(_text(path), _text(text)))

    def span(value: Any) -> Span:
        number, start, end = (_number(item) for item in _items(value, 3))
        if not 0 <= number < len(sources):
            raise BadEntry("a span names no source")
        if not 0 <= start <= end <= len(sources[number].text):
            raise BadEntry("a span lies outside its source")
        return Span(sources[number], start, end)

    def edit(value: Any) -> Edit:
        *where, text = _items(value, 4)
        return Edit(span(where), _text(text))

    diagnostics = []
    for item in _items(payload["diagnostics"]):
        code, severity, message, where, related, fix, help_text = _items(item, 7)
        extras = []
        for extra in _items(related):
            *place, note = _items(extra, 4)
            extras.append(Related(span(place), _text(note)))
        repair = None
        if fix is not None:
            description, safe, edits = _items(fix, 3)
            if type(safe) is not bool:
                raise BadEntry("expected true or false")
            repair = Fix(_text(description), tuple(edit(value) for value in _items(edits)), safe)
        diagnostics.append(
            Diagnostic(
                _text(code),
                Severity(_number(severity)),
                _text(message),
                span(where),
                tuple(extras),
                repair,
                None if help_text is None else _text(help_text),
            )
        )
    not_a_workflow = payload["not_a_workflow"]
    if type(not_a_workflow) is not bool:
        raise BadEntry("expected true or false")
    return LintResult(
        _text(payload["path"]),
        source,
        None,
        diagnostics,
        dependencies=reads_of(payload.get("reads", {})),
        not_a_workflow=not_a_workflow,
    )

"""The lint result cache (``.dipcheck_cache/``): a file is not linted again while nothing that
decides its findings changed.

An entry is keyed by the path and the effective settings (the whole :class:`Config`,
including the target version), the dipcheck version and a fingerprint of dipcheck's own
source files (so that an editable install does not serve results of older code), and the
external programs rules call (bash, shellcheck). It records a hash of the linted text and of
every file the lint read through its :class:`~dipcheck.frontends.common.RecordingReader` —
prompt files, command files, subgraph children, whatever directive read them — and is used
only while all of them are unchanged (a file that was missing must still be missing).

Entries are JSON files written atomically (a temporary file, then a rename), so concurrent
runs never see half an entry; an entry that cannot be read or decoded is a miss, never an
error. Directory: ``--cache-dir``, else ``$DIPCHECK_CACHE_DIR``, else ``.dipcheck_cache`` beside
the configuration file (or in the current directory); results go in its ``results/``
subdirectory (lark's grammar tables and bash verdicts share ``$DIPCHECK_CACHE_DIR``).
"""

from __future__ import annotations

import json
import os
import shutil
from functools import cache
from typing import Any

from dipcheck import __version__
from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.frontends.common import digest, unchanged
from dipcheck.hashing import sha256_hex
from dipcheck.result import LintResult, decode_text
from dipcheck.rules import registry
from dipcheck.source import SourceText, Span

FORMAT_VERSION = 1
DEFAULT_DIRECTORY = ".dipcheck_cache"
RESULTS = "results"
EXTERNAL_PROGRAMS = ("bash", "shellcheck")
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by dipcheck.\n"
)


def directory_for(explicit: str | None, config: Config) -> str:
    if explicit:
        return explicit
    from_environment = os.environ.get("DIPCHECK_CACHE_DIR")
    if from_environment:
        return from_environment
    root = config.root if config.path else os.getcwd()
    return os.path.join(root, DEFAULT_DIRECTORY)


@cache
def code_fingerprint() -> str:
    """Size and modification time of every module and grammar of dipcheck."""
    package = os.path.dirname(os.path.abspath(__file__))
    import dipcheck.grammars  # a directory beside the package (pyproject.toml: package-dir)

    grammars = os.path.dirname(os.path.abspath(dipcheck.grammars.__file__))
    parts: list[str] = [__version__]
    for top in (package, grammars):
        for root, dirs, names in os.walk(top):
            dirs[:] = sorted(name for name in dirs if name != "__pycache__")
            for name in sorted(names):
                if name.endswith((".py", ".lark")):
                    info = os.stat(os.path.join(root, name))
                    parts.append(
                        f"{os.path.relpath(root, top)}/{name}:{info.st_size}:{info.st_mtime_ns}"
                    )
    parts.extend(f"{name}={shutil.which(name)}" for name in EXTERNAL_PROGRAMS)
    return sha256_hex("\n".join(parts).encode("utf-8"))


class ResultCache:
    def __init__(self, directory: str, config: Config) -> None:
        self.root = directory
        self.directory = os.path.join(directory, RESULTS)
        self.settings = f"{FORMAT_VERSION}\0{code_fingerprint()}\0{config!r}"
        self.hits = 0
        self.misses = 0
        self.checked: dict[tuple[str, str | None], bool] = {}  # files compared in this run
        self.rules = os.path.join(directory, f"rules-{code_fingerprint()[:20]}.json")
        try:
            with open(self.rules, encoding="utf-8") as handle:
                registry.use_snapshot(json.load(handle))
        except (OSError, ValueError, KeyError, TypeError):
            pass  # no snapshot yet: the rule modules are imported as usual

    def _unchanged(self, path: str, recorded: str | None) -> bool:
        key = (path, recorded)
        if key not in self.checked:
            self.checked[key] = unchanged(path, recorded)
        return self.checked[key]

    def _entry(self, path: str, named: bool) -> str:
        key = f"{self.settings}\0{path}\0{os.path.abspath(path)}\0{named}"
        return os.path.join(self.directory, sha256_hex(key.encode("utf-8")))

    def lookup(self, path: str, named: bool = False) -> LintResult | None:
        """The cached result for ``path`` (linted as a named file or as one found in a
        directory), or None (a miss) when anything it depends on changed or the entry is
        missing or unusable."""
        try:
            with open(path, "rb") as handle:
                text = decode_text(handle.read())
            with open(self._entry(path, named), encoding="utf-8") as handle:
                entry = json.load(handle)
            if entry["content"] != digest(text.encode("utf-8")) or not all(
                self._unchanged(name, value) for name, value in entry["reads"].items()
            ):
                self.misses += 1
                return None
            result = decode(entry["result"], SourceText(path, text))
            result.dependencies = entry["reads"]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, IndexError):
            self.misses += 1
            return None
        self.hits += 1
        return result

    def store(self, result: LintResult, named: bool = False) -> None:
        """Remember ``result`` (quietly nothing when the cache directory is not writable)."""
        entry = {
            "path": result.path,
            "content": digest(result.source.text.encode("utf-8")),
            "reads": result.dependencies,
            "result": encode(result),
        }
        try:
            self._prepare()
            text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
            self._write(self._entry(result.path, named), text)
            if not os.path.exists(self.rules):
                self._write(self.rules, json.dumps(registry.snapshot(), ensure_ascii=False))
        except OSError:
            return

    def _write(self, path: str, text: str) -> None:
        import tempfile

        handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)

    def _prepare(self) -> None:
        if os.path.isdir(self.directory):
            return
        os.makedirs(self.directory, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", _CACHEDIR_TAG), (".gitignore", "*\n")):
            marker = os.path.join(self.root, name)
            if not os.path.exists(marker):
                with open(marker, "w", encoding="utf-8") as stream:
                    stream.write(text)


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


def decode(payload: dict[str, Any], main: SourceText | None = None) -> LintResult:
    source = main or SourceText(payload["path"], payload["text"])
    sources = [source, *(SourceText(path, text) for path, text in payload["sources"])]

    def span(value: list[Any]) -> Span:
        return Span(sources[value[0]], value[1], value[2])

    diagnostics = []
    for code, severity, message, where, related, fix, help_text in payload["diagnostics"]:
        diagnostics.append(
            Diagnostic(
                code,
                Severity(severity),
                message,
                span(where),
                tuple(Related(span(extra[:3]), extra[3]) for extra in related),
                None
                if fix is None
                else Fix(fix[0], tuple(Edit(span(edit[:3]), edit[3]) for edit in fix[2]), fix[1]),
                help_text,
            )
        )
    return LintResult(
        payload["path"],
        source,
        None,
        diagnostics,
        dependencies=payload.get("reads", {}),
        not_a_workflow=payload["not_a_workflow"],
    )

"""The one lint path every surface uses: read → front-end → rules → configuration.

``lint_text`` lints text that is already in memory (the language server, stdin, tests);
``lint_paths`` expands files and directories and lints each file on its own, so that a crash
on one file becomes a DC000 finding on that file and the others are still linted.
"""

from __future__ import annotations

import gc
import os
import traceback
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from dipcheck import suppressions
from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.frontends.common import FileReader, FrontendResult, read_from_disk
from dipcheck.model import Workflow
from dipcheck.rules import registry
from dipcheck.rules.registry import finding
from dipcheck.source import SourceText, Span
from dipcheck.workspace import Workspace

MAX_FILE_BYTES = 8 * 1024 * 1024
DIP_SUFFIXES = (".dip",)
YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class LintResult:
    path: str
    source: SourceText
    workflow: Workflow | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def count(self, severity: Severity) -> int:
        return sum(1 for item in self.diagnostics if item.severity is severity)


def detect_format(path: str, config: Config | None = None) -> str | None:
    """The front-end for a path. Every ``.yaml``/``.yml`` file is a candidate step workflow
    (the front-end decides by shape); files an ``include`` glob names are step workflows."""
    lower = path.lower()
    if lower.endswith(DIP_SUFFIXES):
        return "dip"
    if lower.endswith(YAML_SUFFIXES) or (config is not None and config.included(path)):
        return "yaml"
    return None


def _front_end(
    source: SourceText, fmt: str, base_dir: str | None, reader: FileReader, required: bool
) -> FrontendResult:
    if fmt == "dip":
        from dipcheck.frontends.dip import load_dip

        return load_dip(source, base_dir, reader)
    if fmt == "yaml":
        from dipcheck.frontends.yaml_steps import load_steps

        return load_steps(source, base_dir, reader, require=required)
    raise ValueError(f"no front-end for format {fmt!r}")


def _internal_error(source: SourceText, where: str, error: BaseException) -> Diagnostic:
    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    location = f" at {os.path.basename(frame.filename)}:{frame.lineno}" if frame else ""
    return finding(
        "DC000",
        Span(source, 0, 0),
        f"internal error in {where}: {type(error).__name__}: {error}{location}; the other "
        "checks of this file still ran",
    )


def run_rules(
    workflow: Workflow,
    config: Config,
    path: str | None = None,
    workspace: Workspace | None = None,
) -> Iterator[Diagnostic]:
    """Every enabled rule on ``workflow``; ``path`` is the file's absolute path when known
    (cross-file checks resolve subgraph refs against it)."""
    from dipcheck.rules.context import Context

    context = Context(
        workflow, config.target, catalog=config.catalog, path=path, workspace=workspace
    )
    for item in registry.checks():
        if workflow.format not in item.formats or not config.enabled(item):
            continue
        assert item.check is not None
        try:
            yield from item.check(context)
        except Exception as error:  # a bug in one rule must not hide the others
            yield _internal_error(workflow.source, f"rule {item.code}", error)


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector while one file is linted.

    Linting allocates many small acyclic objects (tokens, trees, spans), which reference
    counting frees; the collector's repeated passes over them cost as much as the lint itself
    on a 5,000-node workflow. Cycles, if any, are collected once it is back on."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def lint_source(
    source: SourceText,
    config: Config | None = None,
    fmt: str | None = None,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    workspace: Workspace | None = None,
) -> LintResult:
    with _without_cycle_collection():
        return _lint_source(source, config or Config(), fmt, base_dir, reader, workspace)


def _lint_source(
    source: SourceText,
    config: Config,
    fmt: str | None,
    base_dir: str | None,
    reader: FileReader,
    workspace: Workspace | None,
) -> LintResult:
    fmt = fmt or detect_format(source.path, config) or "dip"
    try:
        loaded = _front_end(source, fmt, base_dir, reader, config.included(source.path))
    except Exception as error:
        return LintResult(
            source.path, source, None, [_internal_error(source, f"the {fmt} front-end", error)]
        )
    diagnostics = list(loaded.diagnostics)
    if loaded.workflow is not None:
        path = None
        if base_dir is not None and not source.path.startswith("<"):
            path = os.path.join(base_dir, os.path.basename(source.path))
        diagnostics.extend(run_rules(loaded.workflow, config, path, workspace))
    marks = suppressions.scan(source, fmt)
    diagnostics = marks.apply(diagnostics, source, _anchors(loaded.workflow), config.active_codes)
    diagnostics = config.apply(source, diagnostics)
    diagnostics.sort(key=Diagnostic.sort_key)
    return LintResult(source.path, source, loaded.workflow, diagnostics)


def _anchors(workflow: Workflow | None) -> dict[int, int]:
    """Included files (prompt_file …) → the line of the directive that included them."""
    anchors: dict[int, int] = {}
    if workflow is None:
        return anchors
    fields = [item for node in workflow.nodes for item in node.fields]
    for item in (*fields, *workflow.defaults):
        if item.included is not None:
            anchors[id(item.included.source)] = workflow.source.line_of(item.key_span.start)
    return anchors


def lint_text(
    text: str,
    path: str = "<stdin>",
    config: Config | None = None,
    fmt: str | None = None,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    workspace: Workspace | None = None,
) -> LintResult:
    """Lint in-memory text. File directives and subgraph refs resolve against ``base_dir``
    (default: the directory of ``path`` when it names a real location). A language server
    passes one ``workspace`` to every call so children are parsed once."""
    if base_dir is None and path and not path.startswith("<"):
        base_dir = os.path.dirname(os.path.abspath(path))
    return lint_source(SourceText(path, text), config, fmt, base_dir, reader, workspace)


def read_source(path: str) -> tuple[SourceText | None, Diagnostic | None]:
    """Read a file as UTF-8; problems become a DC002 finding."""
    empty = SourceText(path, "")
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            return None, finding(
                "DC002",
                Span(empty, 0, 0),
                f"file is {size} bytes, over the {MAX_FILE_BYTES} byte limit",
            )
        with open(path, "rb") as handle:
            data = handle.read()
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        # show the file with the undecodable bytes replaced, pointing at the first of them
        shown = SourceText(path, data.decode("utf-8", errors="replace"))
        offset = len(data[: error.start].decode("utf-8", errors="replace"))
        return None, finding(
            "DC002",
            Span(shown, offset, offset + 1),
            f"file is not UTF-8: byte {error.start} (0x{data[error.start]:02x}) cannot be "
            "decoded; save the file as UTF-8",
        )
    except OSError as error:
        return None, finding(
            "DC002", Span(empty, 0, 0), f"cannot read file: {error.strerror or error}"
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    return SourceText(path, text), None


def lint_file(
    path: str,
    config: Config | None = None,
    fmt: str | None = None,
    workspace: Workspace | None = None,
) -> LintResult:
    source, problem = read_source(path)
    if source is None:
        assert problem is not None
        return LintResult(path, problem.span.source, None, [problem])
    base_dir = os.path.dirname(os.path.abspath(path))
    return lint_source(source, config, fmt, base_dir, workspace=workspace)


def expand_paths(paths: Iterable[str], config: Config | None = None) -> list[str]:
    """Files named directly are kept; directories are searched for workflow files."""
    config = config or Config()
    result: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
                for name in sorted(files):
                    candidate = os.path.join(root, name)
                    if config.excluded(candidate):
                        continue
                    if detect_format(candidate, config) is not None:
                        found.append(candidate)
            result.extend(found)
        else:
            result.append(path)
    return result


def lint_paths(paths: Iterable[str], config: Config | None = None) -> list[LintResult]:
    """Lint files and directories; one :class:`Workspace` serves the whole run, so a child
    workflow that many parents reference is parsed once."""
    config = config or Config()
    workspace = Workspace()
    results: list[LintResult] = []
    for path in expand_paths(paths, config):
        try:
            result = lint_file(path, config, workspace=workspace)
            ignored = result.workflow is None and not result.diagnostics
            if ignored and detect_format(path, config) == "yaml":
                continue  # YAML that is not a step workflow: not ours, not reported
            results.append(result)
        except Exception as error:
            source = SourceText(path, "")
            results.append(
                LintResult(path, source, None, [_internal_error(source, "dipcheck", error)])
            )
    return results

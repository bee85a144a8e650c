"""The one lint path every surface uses: read → front-end → rules → configuration.

``lint_text`` lints text that is already in memory (the language server, stdin, tests);
``lint_paths`` expands files and directories and lints each file on its own, so that a crash
on one file becomes a DC000 finding on that file and the others are still linted. A file named
directly is always linted (a `.dot` file as a workflow even when nothing in it looks like one:
a pipeline whose start node has the wrong shape is exactly the defect to report); a file found
in a directory is left out when it is no workflow (an ordinary Graphviz drawing, YAML that is
no step workflow). It takes
results from a :class:`~dipcheck.cache.ResultCache` when one is given, and lints many files
(above :data:`PARALLEL_THRESHOLD`) in several processes, returning results in path order.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO

from dipcheck import cycles, suppressions
from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, within_limit
from dipcheck.files import (
    MAX_FILE_BYTES,
    FileTooLarge,
    NotRegularFile,
    outside_tree,
    read_regular,
    read_stream,
    tree_of,
)
from dipcheck.frontends.common import FileReader, FrontendResult, RecordingReader, read_from_disk
from dipcheck.lazyre import lazy
from dipcheck.model import Dialect
from dipcheck.result import LintResult, decode_text
from dipcheck.rules import registry
from dipcheck.rules.registry import Rule, finding
from dipcheck.source import SourceText, Span
from dipcheck.workspace import Workspace

if TYPE_CHECKING:
    from dipcheck.cache import ResultCache
    from dipcheck.model import Workflow

# Below this many files to lint, worker processes cost more than they save (benchmarks/).
PARALLEL_THRESHOLD = 24
# Whether many files are linted by forked copies of this process (:mod:`dipcheck.forked`),
# else by a pool of new processes started as ``POOL_START`` says. Forking is the Linux way;
# elsewhere new processes are the safe default (macOS's system libraries are not safe to fork
# once used, and Windows cannot).
FORKS = sys.platform.startswith("linux")
POOL_START = "spawn"
Progress = Callable[[int, int], None]  # (files done, files in all)
Settings = Callable[[str], Config]  # a file's path -> its settings (its folder's)
DIP_SUFFIXES = (".dip",)
DOT_SUFFIXES = (".dot",)
YAML_SUFFIXES = (".yaml", ".yml")
PLAN_SUFFIXES = (".json",)


def detect_format(path: str, config: Config | None = None) -> str | None:
    """The front-end for a path. Every ``.yaml``/``.yml`` file is a candidate step workflow
    and every ``.dot`` file a candidate DOT pipeline (the front-ends decide by content, so
    ordinary YAML and Graphviz files are left alone); files an ``include`` glob names are step
    workflows, files a ``dialect`` glob names are DOT pipelines (or, for the ``ordewell``
    dialect, Ordewell plans); every ``.json`` file is a candidate Ordewell plan (by shape)."""
    lower = path.lower()
    if lower.endswith(DIP_SUFFIXES):
        return "dip"
    dialect = config.dialect(path) if config is not None else None
    if dialect is Dialect.ORDEWELL or (dialect is None and lower.endswith(PLAN_SUFFIXES)):
        return "ordewell"
    if lower.endswith(DOT_SUFFIXES) or dialect is not None:
        return "dot"
    if lower.endswith(YAML_SUFFIXES) or (config is not None and config.included(path)):
        return "yaml"
    return None


_DOT_HEAD = lazy(
    r"(?:\s++|//[^\n]*+|#[^\n]*+|/\*.*?\*/)*+(?:strict\s+)?(?:di)?graph\b",
    re.IGNORECASE | re.DOTALL,
)
_YAML_STEPS = lazy(r"\A---[ \t]*$|^steps[ \t]*:", re.MULTILINE)


def sniff_format(text: str) -> str:
    """The format of a text without a file name (standard input without
    ``--stdin-filename``): DOT when it starts with a ``graph``/``digraph`` statement (after
    comments), a YAML step workflow when it has a top-level ``steps:`` (or starts a YAML
    document), else ``.dip``."""
    if _DOT_HEAD.match(text, 0, 4096):
        return "dot"
    if _YAML_STEPS.search(text):
        return "yaml"
    return "dip"


def _front_end(
    source: SourceText,
    fmt: str,
    base_dir: str | None,
    reader: FileReader,
    config: Config,
    named: bool = False,
) -> FrontendResult:
    """``named``: the user named the file, so a `.dot` file is read as a workflow whatever it
    contains (YAML keeps its content test: pre-commit names every YAML file of a repository)."""
    if fmt == "dip":
        from dipcheck.frontends.dip import load_dip

        return load_dip(source, base_dir, reader)
    if fmt == "dot":
        from dipcheck.frontends.dot import load_dot

        dialect = config.dialect(source.path)
        return load_dot(source, base_dir, reader, dialect, require=named or dialect is not None)
    if fmt == "yaml":
        from dipcheck.frontends.yaml_steps import load_steps

        return load_steps(source, base_dir, reader, require=config.included(source.path))
    if fmt == "ordewell":
        from dipcheck.frontends.ordewell import load_plan

        named = config.dialect(source.path) is Dialect.ORDEWELL
        return load_plan(source, base_dir, reader, require=named, runners=config.ordewell_runners)
    raise ValueError(f"no front-end for format {fmt!r}")


def _internal_error(source: SourceText, where: str, error: BaseException) -> Diagnostic:
    import traceback  # (here: with linecache and tokenize, only a crash needs it)

    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    location = f" at {os.path.basename(frame.filename)}:{frame.lineno}" if frame else ""
    return finding(
        "DC000",
        Span(source, 0, 0),
        f"internal error in {where}: {type(error).__name__}: {error}{location}; the other "
        "checks of this file still ran",
    )


# enabled_checks' memo: (configuration, format) -> (the registry's list, the enabled ones)
_ENABLED: dict[tuple[Config, str], tuple[tuple[Rule, ...], tuple[Rule, ...]]] = {}
_ENABLED_KEPT = 32  # configurations remembered (a language server makes one per folder)


def enabled_checks(config: Config, fmt: str) -> tuple[Rule, ...]:
    """The rules ``config`` enables that have a check for format ``fmt``, by code: worked out
    once per configuration while the registry stays the same (a lint of many files asked
    every rule whether it was enabled, for each file)."""
    key = (config, fmt)
    rules = registry.checks(fmt)
    kept = _ENABLED.get(key)
    if kept is not None and kept[0] is rules:
        return kept[1]
    # asking a configuration with selectors imports every rule module, which can extend the
    # rules of this format (a rule shared by formats): then the list is read again
    enabled = tuple(item for item in rules if config.enabled(item))
    if registry.checks(fmt) is not rules:
        rules = registry.checks(fmt)
        enabled = tuple(item for item in rules if config.enabled(item))
    if len(_ENABLED) >= _ENABLED_KEPT:
        _ENABLED.clear()
    _ENABLED[key] = (rules, enabled)
    return enabled


def run_rules(
    workflow: Workflow,
    config: Config,
    path: str | None = None,
    workspace: Workspace | None = None,
    reader: FileReader = read_from_disk,
) -> Iterator[Diagnostic]:
    """Every enabled rule on ``workflow``; ``path`` is the file's absolute path when known
    (cross-file checks resolve subgraph refs against it, reading children with ``reader``)."""
    from dipcheck.rules.context import Context

    context = Context(
        workflow,
        config.target,
        catalog=config.catalog,
        path=path,
        workspace=workspace,
        reader=reader,
    )
    try:
        for item in enabled_checks(config, workflow.format):
            assert item.check is not None
            try:
                yield from item.check(context)
            except Exception as error:  # a bug in one rule must not hide the others
                yield _internal_error(workflow.source, f"rule {item.code}", error)
    finally:
        context.close()


def lint_source(
    source: SourceText,
    config: Config | None = None,
    fmt: str | None = None,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    workspace: Workspace | None = None,
    named: bool = False,
) -> LintResult:
    with cycles.paused():
        return _lint_source(source, config or Config(), fmt, base_dir, reader, workspace, named)


def _lint_source(
    source: SourceText,
    config: Config,
    fmt: str | None,
    base_dir: str | None,
    reader: FileReader,
    workspace: Workspace | None,
    named: bool,
) -> LintResult:
    fmt = fmt or detect_format(source.path, config)
    if fmt is None:
        fmt = sniff_format(source.text) if source.path.startswith("<") else "dip"
    try:
        loaded = _front_end(source, fmt, base_dir, reader, config, named)
    except Exception as error:
        return LintResult(
            source.path, source, None, [_internal_error(source, f"the {fmt} front-end", error)]
        )
    diagnostics = list(loaded.diagnostics)
    if loaded.workflow is not None:
        path = None
        if base_dir is not None and not source.path.startswith("<"):
            path = os.path.join(base_dir, os.path.basename(source.path))
        diagnostics.extend(run_rules(loaded.workflow, config, path, workspace, reader))
    marks = suppressions.scan(source, fmt)
    diagnostics = marks.apply(diagnostics, source, anchors(loaded.workflow), config.code_active)
    diagnostics = config.apply(source, diagnostics)
    diagnostics.sort(key=Diagnostic.sort_key)
    return LintResult(source.path, source, loaded.workflow, within_limit(_distinct(diagnostics)))


def _distinct(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The findings with exact repeats dropped (a DOT `node [...]` default is read by every
    node it applies to, and a rule may say the same thing about each)."""
    seen: set[tuple[str, int, int, int, str]] = set()
    result: list[Diagnostic] = []
    for item in diagnostics:
        key = (item.code, id(item.span.source), item.span.start, item.span.end, item.message)
        if key not in seen:
            seen.add(key)
            result.append(item)
    return result


def anchors(workflow: Workflow | None) -> dict[int, int]:
    """Included files (prompt_file …) → the line of the directive that included them."""
    found: dict[int, int] = {}
    if workflow is None:
        return found
    fields = [item for node in workflow.nodes for item in node.fields]
    for item in (*fields, *workflow.defaults):
        if item.included is not None:
            found[id(item.included.source)] = workflow.source.line_of(item.key_span.start)
    return found


def lint_text(
    text: str,
    path: str = "<stdin>",
    config: Config | None = None,
    fmt: str | None = None,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    workspace: Workspace | None = None,
    named: bool = False,
    line_starts: list[int] | None = None,
) -> LintResult:
    """Lint in-memory text. File directives and subgraph refs resolve against ``base_dir``
    (default: the directory of ``path`` when it names a real location). A language server
    passes one ``workspace`` to every call so children are parsed once, and the
    ``line_starts`` of ``text`` when it knows them. ``named``: the user named this file (see
    :func:`lint_paths`)."""
    if base_dir is None and path and not path.startswith("<"):
        base_dir = os.path.dirname(os.path.abspath(path))
    if line_starts is None:
        source = SourceText(path, text)
    else:
        source = SourceText.with_line_starts(path, text, line_starts)
    return lint_source(source, config, fmt, base_dir, reader, workspace, named)


def read_source(path: str) -> tuple[SourceText | None, Diagnostic | None]:
    """Read a regular file as UTF-8; problems (not a regular file, too large, not UTF-8,
    unreadable) become a DC002 finding."""
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except OSError as error:
        return None, read_problem(path, error)
    return decode_source(path, data)


def read_problem(path: str, error: OSError) -> Diagnostic:
    """The DC002 finding for a file that could not be read."""
    empty = SourceText(path, "")
    if isinstance(error, FileTooLarge):
        size = f"{error.size} bytes" if error.size > MAX_FILE_BYTES else "larger than that"
        message = f"file is {size}, over the {MAX_FILE_BYTES} byte limit"
    elif isinstance(error, NotRegularFile):
        message = f"not read: it is {error.kind}, not a regular file"
    else:
        message = f"cannot read file: {error.strerror or error}"
    return finding("DC002", Span(empty, 0, 0), message)


def read_input(stream: BinaryIO, name: str) -> tuple[SourceText | None, Diagnostic | None, bytes]:
    """Standard input as a source named ``name``, like :func:`read_source` (at most
    :data:`MAX_FILE_BYTES`, UTF-8 or a DC002 finding), and the bytes that were read."""
    try:
        data = read_stream(stream, MAX_FILE_BYTES)
    except FileTooLarge as error:
        return None, read_problem(name, error), b""
    source, problem = decode_source(name, data)
    return source, problem, data


def decode_source(path: str, data: bytes) -> tuple[SourceText | None, Diagnostic | None]:
    """A file's bytes as its source, or the DC002 finding when they are not UTF-8."""
    try:
        text = decode_text(data, path)
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
    return SourceText(path, text), None


def lint_file(
    path: str,
    config: Config | None = None,
    fmt: str | None = None,
    reader: FileReader = read_from_disk,
    workspace: Workspace | None = None,
    named: bool = False,
) -> LintResult:
    source, problem = read_source(path)
    if source is None:
        assert problem is not None
        return LintResult(path, problem.span.source, None, [problem])
    base_dir = os.path.dirname(os.path.abspath(path))
    return lint_source(source, config, fmt, base_dir, reader, workspace, named)


def _read_nothing(path: str) -> str:
    raise FileNotFoundError(path)


def load_workflow(path: str, config: Config | None = None) -> Workflow | None:
    """The model of a workflow file without running the rules (for indexes such as the
    language server's workspace symbols): file directives are not read, and a file that cannot
    be read, crashes its front-end or is YAML but no step workflow gives None."""
    config = config or Config()
    source, _ = read_source(path)
    if source is None:
        return None
    fmt = detect_format(path, config) or "dip"
    base_dir = os.path.dirname(os.path.abspath(path))
    try:
        with cycles.paused():
            loaded = _front_end(source, fmt, base_dir, _read_nothing, config)
    except Exception:
        return None
    return loaded.workflow


def expand_paths(
    paths: Iterable[str], config: Config | None = None, settings: Settings | None = None
) -> list[str]:
    """Files named directly are kept; directories are searched for workflow files."""
    return [path for path, _ in expand_trees(paths, config, settings)]


def expand_trees(
    paths: Iterable[str], config: Config | None = None, settings: Settings | None = None
) -> list[tuple[str, str]]:
    """:func:`expand_paths`, each file with the tree it belongs to (:func:`tree_of` the
    argument it came from). ``settings``: each file's settings (default: ``config``).

    A file is listed once (``a.dip a.dip``, ``a.dip ./a.dip``, or a file and its folder, are
    one file checked once, as ruff does): where it is first named, else where a folder's walk
    first finds it, so that what is said of a named file (it is formatted whatever ``exclude``
    says, a DOT file named to ``fmt`` is refused) is said under the name given. Two links to
    one file are two names, each listed."""
    config = config or Config()
    paths = list(paths)
    result: list[tuple[str, str]] = []
    directories = [os.path.isdir(path) for path in paths]
    named = {_file_key(path) for path, folder in zip(paths, directories, strict=True) if not folder}
    seen: set[str] = set()
    for path, folder in zip(paths, directories, strict=True):
        tree = tree_of(path)
        if folder and outside_tree(path, tree) is None:
            for candidate in workflow_files(path, config, settings):
                key = _file_key(candidate)
                if key not in seen and key not in named:
                    seen.add(key)
                    result.append((candidate, tree))
        elif (key := _file_key(path)) not in seen:
            # (a directory a link takes out of the tree is refused, not walked)
            seen.add(key)
            result.append((path, tree))
    return result


def _file_key(path: str) -> str:
    """What two names of one file have in common, links aside."""
    return os.path.normpath(os.path.abspath(path))


def workflow_files(folder: str, config: Config, settings: Settings | None = None) -> Iterator[str]:
    """The workflow files under ``folder``, in order, found as they are needed: the
    ``exclude`` of each file's settings (``settings``, else ``config``; the settings of a
    file depend on its folder only) respected, hidden directories and ``node_modules``
    skipped."""
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        chosen = config
        for index, name in enumerate(sorted(files)):
            candidate = os.path.join(root, name)
            if settings is not None and index == 0:
                chosen = settings(candidate)  # (the folder's: asked once, not for each file)
            if detect_format(candidate, chosen) is not None and not chosen.excluded(candidate):
                yield candidate


def read_linked(path: str, tree: str) -> tuple[SourceText | None, Diagnostic | None]:
    """:func:`read_source` of a file found in ``tree``, unless it is a symbolic link that
    leads outside it (:func:`linked_outside`)."""
    refused = linked_outside(path, tree)
    if refused is not None:
        return None, refused
    return read_source(path)


def linked_outside(
    path: str, tree: str, real_folders: dict[str, str] | None = None
) -> Diagnostic | None:
    """The DC002 finding for a file that a symbolic link takes outside ``tree`` (a link in a
    pull request to ``/proc/self/environ`` or a key file, or to a directory holding one): it
    is not read, so that no finding can quote it; None for any other file. ``real_folders``:
    the folders resolved in this pass over the files (:func:`~dipcheck.files.real_path`)."""
    escape = outside_tree(path, tree, real_folders)
    if escape is None:
        return None
    return finding(
        "DC002",
        Span(SourceText(path, ""), 0, 0),
        f"not read: {escape}, the tree being checked; check that "
        f"{'directory' if os.path.isdir(path) else 'file'} where it is",
        help="Lint that file in its own directory tree.",  # (not DC002's size/encoding help)
    )


def named_outside(path: str) -> str | None:
    """Why a file named on the command line is not read, as ``dipcheck lint`` does not read
    it (:func:`linked_outside` the tree :func:`tree_of` gives it); None when it may be read."""
    refused = linked_outside(path, tree_of(path))
    return None if refused is None else refused.message


def not_loaded(label: str, result: LintResult, positions: bool = False) -> str:
    """``LABEL: not a workflow dipcheck can load (…)``, for a command that needs the workflow
    ``result`` lacks: its first three findings (each with its line and column when
    ``positions``) or, for a YAML or JSON file with none, the shape dipcheck looks for."""
    reasons = "; ".join(
        (
            "{}:{} ".format(*(number + 1 for number in item.span.start_position()))
            if positions
            else ""
        )
        + f"{item.code} {item.message}"
        for item in result.diagnostics[:3]
    )
    if not reasons:
        lower = result.path.lower()
        reasons = (
            "it is not shaped as a step workflow: a top-level `steps:` list of mappings with "
            "`name:`, one of them with `agent:`, `tool:` or `prompt:`"
            if lower.endswith(YAML_SUFFIXES)
            else "no Ordewell plan in it: a JSON object with a `tasks` list"
            if lower.endswith(PLAN_SUFFIXES)
            else "it reads as a Graphviz drawing: no node has shape `Mdiamond` or `Msquare` or a "
            "workflow attribute such as `prompt` or `tool_command`"
            if lower.endswith(DOT_SUFFIXES)
            else "no workflow in it"
        )
    return f"{label}: not a workflow dipcheck can load ({reasons})"


def lint_one(
    path: str,
    config: Config,
    workspace: Workspace | None = None,
    named: bool = False,
    real_folders: dict[str, str] | None = None,
) -> LintResult:
    """Lint one file of :func:`lint_paths`, recording the files it reads; never raises.
    ``real_folders``: the folders resolved in this pass (:func:`~dipcheck.files.place_of`)."""
    reader = RecordingReader(real_folders=real_folders)
    try:
        result = lint_file(path, config, reader=reader, workspace=workspace, named=named)
    except Exception as error:
        source = SourceText(path, "")
        return LintResult(path, source, None, [_internal_error(source, "dipcheck", error)])
    result.dependencies = reader.reads
    result.not_a_workflow = holds_no_workflow(result, config)
    return result


def holds_no_workflow(result: LintResult, config: Config) -> bool:
    """Whether ``result`` is of a YAML, DOT or JSON file that holds no workflow (not linted:
    ``lint_paths`` leaves it out unless it was named, and a report counts it as skipped)."""
    return (
        result.workflow is None
        and not result.diagnostics
        and detect_format(result.path, config) in ("yaml", "dot", "ordewell")
    )


def lint_paths(
    paths: Iterable[str],
    config: Config | None = None,
    *,
    cache: ResultCache | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    named: Collection[str] | None = None,
    skipped: list[str] | None = None,
    settings: Settings | None = None,
) -> list[LintResult]:
    """Lint files and directories. ``cache``: take unchanged files' results from it and store
    new ones; ``jobs``: worker processes (default: one per core; 1 lints in this process);
    ``progress`` is called after each file; ``settings``: each file's settings (the closest
    configuration file's, as ruff finds them; default: ``config`` for every file).

    A file named directly (``named``: these paths; default: the entries of ``paths`` that are
    not directories) is always in the results, and a named `.dot` file is read as a workflow
    whatever it contains. A file found in a directory that is no workflow is left out and its
    path appended to ``skipped``."""
    config = config or Config()
    paths = list(paths)
    chosen = (
        frozenset(named)
        if named is not None
        else frozenset(path for path in paths if not os.path.isdir(path))
    )
    entries = expand_trees(paths, config, settings)
    files = [path for path, _ in entries]
    flags = [path in chosen for path in files]
    configs = [config] * len(files) if settings is None else [settings(path) for path in files]
    results: list[LintResult | None] = [None] * len(files)
    trees = tuple(sorted({tree for _, tree in entries}))
    done = 0
    todo: list[int] = []
    real_folders: dict[str, str] = {}  # (each tree and folder resolved once in this pass)
    for index, (path, tree) in enumerate(entries):
        refused = linked_outside(path, tree, real_folders)
        if refused is not None:
            results[index] = LintResult(path, refused.span.source, None, [refused])
        else:
            results[index] = (
                cache.lookup(path, flags[index], trees, configs[index])
                if cache is not None
                else None
            )
        if results[index] is None:
            todo.append(index)
        elif progress is not None:
            done += 1
            progress(done, len(files))
    todo_files = [files[i] for i in todo]
    linted = _lint_many(
        todo_files, [flags[i] for i in todo], [configs[i] for i in todo], jobs, trees, real_folders
    )
    for index, result in zip(todo, linted, strict=True):
        results[index] = result
        if cache is not None:
            cache.store(result, flags[index], trees, configs[index])
        if progress is not None:
            done += 1
            progress(done, len(files))
    kept: list[LintResult] = []
    for result, flag in zip(results, flags, strict=True):
        assert result is not None
        if result.not_a_workflow and not flag:
            if skipped is not None:
                skipped.append(result.path)
            continue
        kept.append(result)
    return kept


def workers_for(count: int, jobs: int | None) -> int:
    if jobs is None:
        if count < PARALLEL_THRESHOLD:
            return 1
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(jobs or 1, count))


def _lint_many(
    paths: list[str],
    named: list[bool],
    configs: list[Config],
    jobs: int | None,
    trees: tuple[str, ...],
    real_folders: dict[str, str] | None = None,
) -> Iterator[LintResult]:
    """One :class:`Workspace` serves the files a process lints, so a subgraph child that many
    parents name is parsed once per run (in a parallel run, once per forked worker for what
    was not parsed before the fork, once per worker of a pool);
    ``trees``: the trees of the paths the run was given (:class:`Workspace`);
    ``real_folders``: the folders this pass resolved, for the lints made in this process
    (each resolution walks every component from ``/``: 446 for the corpus's reads)."""
    workspace = Workspace(trees=trees)
    workers = workers_for(len(paths), jobs)
    if workers == 1 or len(paths) < 2:
        for path, flag, config in zip(paths, named, configs, strict=True):
            yield lint_one(path, config, workspace, flag, real_folders)
        return
    from dipcheck import sealing

    sealing.ready()  # (the workers share the key, or the one warning that it is refused)
    # The first file of each format is linted here, before the other processes start: its
    # front-end, rules, grammar tables and compiled patterns are then loaded once, not once
    # per process (1.4 % of the corpus's instructions in two processes, by callgrind)
    first: dict[str | None, int] = {}
    for index, path in enumerate(paths):
        first.setdefault(detect_format(path, configs[index]), index)
    early = {
        index: lint_one(paths[index], configs[index], workspace, named[index], real_folders)
        for index in sorted(first.values())
    }
    rest = [index for index in range(len(paths)) if index not in early]
    later = _lint_rest(rest, paths, named, configs, workers, trees, workspace, real_folders)
    for index in range(len(paths)):
        yield early[index] if index in early else next(later)
    later.close()  # (a pool is shut down; forked processes have already been reaped)


def _lint_rest(
    rest: list[int],
    paths: list[str],
    named: list[bool],
    configs: list[Config],
    workers: int,
    trees: tuple[str, ...],
    workspace: Workspace,
    real_folders: dict[str, str] | None,
) -> Iterator[LintResult]:
    """The files at ``rest`` (indices into the other lists), linted in ``workers`` processes
    and yielded in order: this one and forked copies of it (:data:`FORKS`), else a pool of
    new ones."""
    from dipcheck.cache import decode

    def work(number: int) -> LintResult:
        index = rest[number]
        return lint_one(paths[index], configs[index], workspace, named[index], real_folders)

    if FORKS:
        from dipcheck.forked import shared

        # this process lints too, beside ``workers - 1`` forked ones (the folders resolved so
        # far and the workspace's parsed children are theirs, copied)
        yield from shared(len(rest), work, workers - 1, _sent, decode)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context(POOL_START)
    chunk = max(1, len(rest) // (workers * 4))
    done = 0
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        items = (
            [paths[index] for index in rest],
            [configs[index] for index in rest],
            [named[index] for index in rest],
            [trees] * len(rest),
        )
        try:
            for payload in pool.map(_lint_encoded, *items, chunksize=chunk):
                yield decode(payload)
                done += 1
        except BrokenProcessPool:
            # a worker was killed (the OOM killer of a CI container, say): the files whose
            # results did not come back are linted here, one by one, rather than the run
            # ending in a traceback without a report
            pass
    for number in range(done, len(rest)):
        yield work(number)


def _sent(result: LintResult) -> dict[str, object]:
    """A forked worker's result, as the plain data it sends back."""
    from dipcheck.cache import encode

    return encode(result, with_text=True)


def _lint_encoded(
    path: str, config: Config, named: bool, trees: tuple[str, ...]
) -> dict[str, object]:
    """A pool's worker process: lint one file and send the result back as plain data."""
    return _sent(lint_one(path, config, _worker_workspace(trees), named))


@functools.cache
def _worker_workspace(trees: tuple[str, ...]) -> Workspace:
    """The workspace of this worker process (created in the worker, not inherited)."""
    return Workspace(trees=trees)

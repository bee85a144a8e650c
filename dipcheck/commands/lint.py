"""``dipcheck lint``: what runs once the configuration is known.

Plain linting (with the result cache and worker processes), ``--fix``/``--diff``,
``--add-ignore``, ``--watch``, ``--show-settings`` and ``--statistics``; the options they need
are added by :func:`add_arguments`.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TextIO

from dipcheck import cycles, replay
from dipcheck.terminal import visible, visible_name

if TYPE_CHECKING:
    from dipcheck.cache import ResultCache
    from dipcheck.config import Config
    from dipcheck.diagnostics import Diagnostic
    from dipcheck.engine import Settings
    from dipcheck.fixes import FixOutcome
    from dipcheck.frontends.common import FileReader
    from dipcheck.result import LintResult

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def add_arguments(lint: argparse.ArgumentParser) -> None:
    fixing = lint.add_argument_group("fixes")
    fixing.add_argument("--fix", action="store_true", help="apply safe fixes to the files")
    fixing.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix or --diff: apply unsafe fixes too (review them)",
    )
    fixing.add_argument(
        "--diff",
        action="store_true",
        help="print the fixes as a unified diff instead of writing them (exit 1 if any)",
    )
    fixing.add_argument(
        "--show-fixes", action="store_true", help="list what was fixed (on standard error)"
    )
    fixing.add_argument(
        "--add-ignore",
        action="store_true",
        help="add `# dipcheck: ignore[CODE]` comments for every current finding",
    )
    output = lint.add_argument_group("output")
    output.add_argument(
        "--statistics", action="store_true", help="print how many findings of each code"
    )
    output.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print the findings only (no summary, no progress bar)",
    )
    output.add_argument(
        "--show-settings",
        action="store_true",
        help="print the effective settings for the first PATH and exit",
    )
    speed = lint.add_argument_group("speed")
    speed.add_argument(
        "--no-cache", action="store_true", help="neither read nor write the result cache"
    )
    speed.add_argument(
        "--cache-dir",
        metavar="DIR",
        help="the result cache directory (default: $DIPCHECK_CACHE_DIR, else .dipcheck_cache "
        "beside the configuration file or in the current directory)",
    )
    speed.add_argument(
        "-j",
        "--jobs",
        type=int,
        metavar="N",
        help="worker processes for many files (default: one per core; 1: none)",
    )
    speed.add_argument(
        "--watch",
        action="store_true",
        help="lint, then lint again what changes (and the workflows that include it)",
    )


def run(
    args: argparse.Namespace, config: Config, build: Callable[[str | None], Config] | None = None
) -> int:
    """``config``: the settings of the first path. ``build(anchor)``: the settings of the
    configuration file closest to ``anchor`` (None: the first path's again), with the command
    line's options over them; each file is linted with its own (:class:`FolderSettings`),
    unless ``--isolated`` or ``--config`` gives every file one. Without ``build`` every file
    has ``config``."""
    from dipcheck.config import ConfigError

    try:
        return _run(args, config, build)
    except ConfigError as error:  # (a file's closer configuration file)
        from dipcheck.terminal import visible_line

        print(visible_line(f"dipcheck: error: {error}"), file=sys.stderr)
        return EXIT_ERROR


def _chooser(
    args: argparse.Namespace, config: Config, build: Callable[[str | None], Config] | None
) -> Settings:
    """Each file's settings (see :func:`run`)."""
    if build is None or args.isolated or args.config:
        return lambda _path: config
    from dipcheck.config import FolderSettings

    return FolderSettings(config, build)


def _run(
    args: argparse.Namespace, config: Config, build: Callable[[str | None], Config] | None
) -> int:
    chosen = _chooser(args, config, build)
    paths: list[str] = args.paths
    problem = _conflicts(args)
    if problem:
        print(f"dipcheck: error: {visible(problem)}", file=sys.stderr)
        return EXIT_ERROR
    if not args.quiet:
        for pointless in _without_effect(args):
            print(f"dipcheck: warning: {pointless}", file=sys.stderr)
    file_paths = [path for path in paths if path != "-"]
    for path in file_paths:
        if not os.path.exists(path):
            print(
                visible(f"dipcheck: error: {visible_name(path)}: no such file or directory"),
                file=sys.stderr,
            )
            return EXIT_ERROR
    if args.show_settings:
        from dipcheck.commands.settings import show_settings

        first = paths[0] if paths else "."
        if first == "-":
            first = args.stdin_filename or "<stdin>"
        _emit(show_settings(first, chosen(first), args.format), args)
        return EXIT_OK
    if args.watch:
        from dipcheck.watch import watch

        def again() -> tuple[Config, Settings]:
            fresh = config if build is None else build(None)
            return fresh, _chooser(args, fresh, build)

        return watch(file_paths, (config, chosen), args, again)
    if args.add_ignore:
        return _add_ignore(file_paths, config, args, chosen)
    if args.fix or args.diff:
        return _fix(paths, config, args, chosen)
    skipped: list[str] = []
    results = _workflows_only(_lint(paths, config, args, skipped, chosen), skipped)
    if not results:
        _nothing_linted(paths, args)
    _write_report(results, args, config, len(skipped), chosen=chosen)
    cycles.until_exit(results)
    return _status(results, chosen, args)


def _workflows_only(results: list[LintResult], skipped: list[str]) -> list[LintResult]:
    """The results of workflows. A YAML or JSON file named on the command line that holds no
    workflow (pre-commit names every such file of a repository) is not linted, so it is
    counted as skipped, as one found in a directory is, not as a file checked."""
    kept = []
    for result in results:
        if result.not_a_workflow and not result.diagnostics:
            skipped.append(result.path)
        else:
            kept.append(result)
    return kept


def _nothing_linted(paths: Sequence[str], args: argparse.Namespace) -> None:
    """Say so when the paths held no workflow (a warning, exit status unchanged: as ruff does
    when no file matched, so a CI job over a tree without workflows yet does not fail)."""
    if args.quiet:
        return
    stdin = args.stdin_filename or "standard input"
    named = [stdin if path == "-" else path for path in paths]
    listed = visible_name(", ".join(named) or ".")  # (the names a shell's `*` found)
    print(
        f"dipcheck: warning: no workflow found in {listed}: nothing was linted (dipcheck lints "
        ".dip files, DOT pipelines, YAML step workflows and Ordewell plans)",
        file=sys.stderr,
    )


def _conflicts(args: argparse.Namespace) -> str | None:
    stdin = "-" in args.paths
    if args.add_ignore and (args.fix or args.diff):
        return "--add-ignore cannot be combined with --fix or --diff"
    if args.add_ignore and stdin:
        return "--add-ignore writes files; it does not read standard input"
    if args.watch and (args.fix or args.diff or args.add_ignore or stdin):
        return "--watch cannot be combined with --fix, --diff, --add-ignore or `-`"
    if args.watch and args.format not in ("text", "concise"):
        return "--watch prints the text or concise format"
    if args.watch and args.output:
        return "--watch prints to the terminal; it does not write --output"
    if args.jobs is not None and args.jobs < 1:
        return "--jobs must be at least 1"
    if args.isolated and args.config:
        # (as ruff: one says to read no configuration file, the other names one)
        return "--isolated ignores every configuration file; it cannot be combined with --config"
    if args.statistics and args.format not in ("text", "concise", "json"):
        # (a table where SARIF, JUnit or annotations are expected breaks their reader)
        return (
            f"--statistics prints a table (or JSON with --format json); it cannot be written "
            f"as --format {args.format}"
        )
    return None


def _without_effect(args: argparse.Namespace) -> list[str]:
    """The options given that do nothing with the others (a warning each: the run goes on, as
    the user may have meant the option and forgotten its partner)."""
    said = []
    fixing = args.fix or args.diff
    if args.unsafe_fixes and not fixing:
        said.append("--unsafe-fixes has no effect without --fix or --diff")
    if args.show_fixes and not fixing:
        said.append("--show-fixes lists what --fix or --diff changes; without them it does nothing")
    if args.stdin_filename and "-" not in args.paths:
        said.append("--stdin-filename names standard input, which is read only when a path is `-`")
    return said


def _lint(
    paths: Sequence[str],
    config: Config,
    args: argparse.Namespace,
    skipped: list[str],
    chosen: Settings,
) -> list[LintResult]:
    """Lint the named files and directories, each with its settings (``chosen``); files found
    in a directory that are no workflow are left out and appended to ``skipped``. The run
    cache keeps the answer only of a run whose files all had ``config``'s file."""
    cache = None
    if not args.no_cache:
        from dipcheck.cache import ResultCache

        cache = ResultCache(replay.cache_directory(args.cache_dir, config.path), config)
    file_paths = [path for path in paths if path != "-"]
    if cache is not None and "-" not in paths:
        cached = _all_cached(file_paths, cache, chosen)
        if cached is not None:
            _note(cached, cache.root, config, chosen)
            return cached
    from dipcheck.engine import holds_no_workflow, lint_paths, lint_text, read_input
    from dipcheck.progress import ProgressBar
    from dipcheck.result import LintResult

    results = []
    if "-" in paths:
        name = args.stdin_filename or "<stdin>"
        source, problem, _ = read_input(sys.stdin.buffer, name)
        if source is None:
            assert problem is not None
            results.append(LintResult(name, problem.span.source, None, [problem]))
        else:
            reader = _within_tree(name)
            settings = chosen(name)  # (the folder of --stdin-filename, else the current one)
            result = lint_text(source.text, name, settings, named=True, reader=reader)
            result.not_a_workflow = holds_no_workflow(result, settings)
            results.append(result)
    bar = (
        ProgressBar(replay.unwatched(sys.stderr))
        if ProgressBar.wanted(sys.stderr, args.quiet)
        else None
    )
    results.extend(
        lint_paths(
            file_paths,
            config,
            cache=cache,
            jobs=args.jobs,
            progress=bar,
            skipped=skipped,
            settings=chosen,
        )
    )
    if cache is not None:
        _note(results, cache.root, config, chosen)
    return results


def _note(results: list[LintResult], root: str, config: Config, chosen: Settings) -> None:
    """Tell the run cache what the lint found when one configuration file (``config``'s)
    served every file: an entry records that one (:mod:`dipcheck.replay`)."""
    from dipcheck.config import FolderSettings

    if not isinstance(chosen, FolderSettings) or len(chosen.files) == 1:
        replay.note(results, root, config.path)


def _within_tree(name: str) -> FileReader:
    """The reader of the files standard input's workflow includes: ``--stdin-filename`` places
    it, and a file it includes that a symbolic link (``sub -> ../outside`` on the way to that
    name) takes outside the tree is refused, as a named file there would be
    (:func:`~dipcheck.engine.linked_outside`)."""
    from dipcheck.engine import tree_of
    from dipcheck.files import inside, read_from_disk, tree_name

    if name.startswith("<"):
        return read_from_disk
    tree = tree_of(name)

    def read(path: str) -> str:
        if not inside(path, tree):
            raise PermissionError(
                errno.EACCES,
                f"a symbolic link takes it outside `{tree_name(tree)}`, the tree being checked",
            )
        return read_from_disk(path)

    return read


def _all_cached(
    file_paths: Sequence[str], cache: ResultCache, chosen: Settings
) -> list[LintResult] | None:
    """The results of named files when the cache holds every one of them, else None: such a
    run (pre-commit on unchanged files) imports neither the front-ends nor the rules. Files
    named directly are always reported, as :func:`~dipcheck.engine.lint_paths` does; a
    directory is left to it."""
    from dipcheck.files import outside_tree, tree_of

    for path in file_paths:  # (a link may lead out of the tree: lint_paths decides, with
        # linked_outside; so does a folder on a file's way swapped for one since)
        if os.path.isdir(path) or os.path.islink(path):
            return None
        if outside_tree(path, tree_of(path)) is not None:
            return None

    results = []
    trees = tuple(sorted({tree_of(path) for path in file_paths}))  # (as lint_paths has them)
    for path in file_paths:
        found = cache.lookup(path, True, trees, chosen(path))
        if found is None:
            return None
        results.append(found)
    return results


def _write_report(
    results: Sequence[LintResult],
    args: argparse.Namespace,
    config: Config,
    skipped: int = 0,
    stream: TextIO | None = None,
    chosen: Settings | None = None,
) -> None:
    """Render and write the report to ``--output`` or standard output (``stream``: there
    instead; a large JSON report is written as it is built). A coloured report goes out as it
    is: the text reporters show control characters in what they quote as escapes themselves,
    and escaping the whole would print their own colour codes as ``\\x1b[…``. ``chosen``: each
    file's settings, whose failure level JUnit's test cases follow (default: ``config``'s)."""
    if args.statistics:
        from dipcheck.report import statistics

        pieces: Iterable[str] = [
            statistics.render(results, "json" if args.format == "json" else "text")
        ]
        color = False
    else:
        from dipcheck.report import render_chunks

        color = args.color == "always" or (
            args.color == "auto"
            and not args.output
            and (sys.stdout if stream is None else stream).isatty()
            and not os.environ.get("NO_COLOR")
        )
        pieces = render_chunks(
            results,
            args.format,
            color=color,
            fail_on=config.fail_on if chosen is None else lambda path: chosen(path).fail_on,
            quiet=args.quiet,
            skipped=skipped,
        )
    if stream is None:
        _emit(pieces, args, escaped=color)
    else:
        _write(pieces, stream, escaped=color)


def _emit(text: str | Iterable[str], args: argparse.Namespace, *, escaped: bool = False) -> None:
    """Write ``text`` to ``--output``, else to standard output (:func:`_write`)."""
    pieces = [text] if isinstance(text, str) else text
    if args.output:
        from dipcheck.writes import write_output

        write_output(args.output, pieces)
    else:
        _write(pieces, sys.stdout, escaped=escaped)


def _write(pieces: Iterable[str], stream: TextIO, *, escaped: bool = False) -> None:
    """Write ``pieces`` to ``stream``, with control characters shown as escapes on a terminal
    unless the text is ``escaped`` already."""
    from dipcheck.terminal import for_stream

    for piece in pieces:
        stream.write(piece if escaped else for_stream(piece, stream))


def _status(results: Sequence[LintResult], chosen: Settings, args: argparse.Namespace) -> int:
    """Exit status: 1 when a finding reaches the failure level of its file's settings; SARIF
    output exits 0 on findings (the code-scanning upload judges them), as zizmor does."""
    if args.exit_zero or args.format == "sarif":
        return EXIT_OK
    failing = any(
        result.diagnostics
        and max(item.severity for item in result.diagnostics) >= chosen(result.path).fail_on
        for result in results
    )
    return EXIT_FINDINGS if failing else EXIT_OK


# -- --fix and --diff ------------------------------------------------------------------------


def _outcomes(
    paths: Sequence[str], chosen: Settings, args: argparse.Namespace
) -> tuple[list[FixOutcome], bytes | None]:
    """What fixing each file does; and standard input's bytes when they could not be read
    as a workflow (they are passed through unchanged)."""
    from dipcheck.engine import LintResult, expand_trees, read_input, read_linked
    from dipcheck.fixes import FixOutcome, fix_text

    outcomes: list[FixOutcome] = []
    unread: bytes | None = None
    if "-" in paths:
        name = args.stdin_filename or "<stdin>"
        source, problem, data = read_input(sys.stdin.buffer, name)
        if source is None:
            assert problem is not None
            result = LintResult(name, problem.span.source, None, [problem])
            outcomes.append(FixOutcome(name, "", "", result))
            unread = data
        else:
            fixed = fix_text(source.text, name, chosen(name), args.unsafe_fixes, named=True)
            outcomes.append(fixed)
    file_paths = [path for path in paths if path != "-"]
    named = {path for path in file_paths if not os.path.isdir(path)}
    for path, tree in expand_trees(file_paths, settings=chosen):
        source, problem = read_linked(path, tree)
        if source is None:
            assert problem is not None
            result = LintResult(path, problem.span.source, None, [problem])
            outcomes.append(FixOutcome(path, "", "", result))
            continue
        outcome = fix_text(source.text, path, chosen(path), args.unsafe_fixes, named=path in named)
        result = outcome.result
        not_a_workflow = result.workflow is None and not result.diagnostics
        if not_a_workflow and path not in named:
            continue
        outcomes.append(outcome)
    return outcomes, unread


def _fix(paths: Sequence[str], config: Config, args: argparse.Namespace, chosen: Settings) -> int:
    from dipcheck.engine import expand_trees
    from dipcheck.fixes import unified_diff
    from dipcheck.writes import FileChanged, WriteRefused, write_atomically

    outcomes, unread = _outcomes(paths, chosen, args)
    if not outcomes:
        _nothing_linted(paths, args)
    changed = [outcome for outcome in outcomes if outcome.changed]
    for outcome in outcomes:
        for item in outcome.rejected:
            print(
                visible(
                    f"dipcheck: warning: {visible_name(outcome.path)}: {item.code} fix not "
                    "applied: it would add "
                    f"{', '.join(sorted(outcome.breaks.get(id(item), ['a loading error'])))}"
                ),
                file=sys.stderr,
            )
        for item in outcome.elsewhere(args.unsafe_fixes):
            print(
                visible(
                    f"dipcheck: note: {visible_name(outcome.path)}: {item.code} fix edits "
                    f"{visible_name(item.fix.edits[0].span.path) if item.fix else ''}, which is "
                    "not fixed from here; apply it by hand"
                ),
                file=sys.stderr,
            )
        if not outcome.converged:
            print(
                visible(
                    f"dipcheck: warning: {visible_name(outcome.path)}: fixes still apply after "
                    f"{outcome.passes} passes; run --fix again"
                ),
                file=sys.stderr,
            )
    from_stdin = "-" in paths
    first = _first_of_each_file(outcomes[1:] if from_stdin else outcomes)
    # (a file reached twice, through a link in the tree, is fixed once, as one of its paths:
    # the fixes were worked out for both from the same text)
    changed = [outcome for outcome in changed if first.get(id(outcome), outcome) is outcome]
    if args.diff:
        _emit("".join(unified_diff(outcome) for outcome in changed), args)
        _fix_summary([item for item in outcomes if id(item) not in first], args, "Would fix")
        return EXIT_FINDINGS if changed else EXIT_OK
    trees = dict(expand_trees([path for path in paths if path != "-"], config, chosen))
    unwritten: set[int] = set()
    for outcome in changed:
        if from_stdin and outcome is outcomes[0]:
            continue
        try:
            write_atomically(outcome.path, outcome.original, outcome.text, trees[outcome.path])
        except (FileChanged, WriteRefused, OSError) as error:
            reason = "it changed on disk meanwhile" if isinstance(error, FileChanged) else error
            print(
                visible(f"dipcheck: error: {visible_name(outcome.path)} not fixed: {reason}"),
                file=sys.stderr,
            )
            unwritten.add(id(outcome))
    # a file left as it was is reported as it was (its findings, no fixes counted); the other
    # files' fixes stay written and reported (the report was dropped for them too, exit 2)
    outcomes = [
        _unfixed(item, chosen(item.path), first[id(item)])
        if id(item) in first
        else _unfixed(item, chosen(item.path))
        if id(item) in unwritten
        else item
        for item in outcomes
    ]
    results = [outcome.result for outcome in outcomes]
    if from_stdin:
        if unread is not None and not sys.stdout.isatty():
            # not a workflow dipcheck could read: passed through as it was
            sys.stdout.flush()
            sys.stdout.buffer.write(unread)
        else:  # (on a terminal, with the control characters shown as escapes)
            text = outcomes[0].text if unread is None else unread.decode("utf-8", "replace")
            _write([text], sys.stdout)
        stream = None if args.output else sys.stderr
        _write_report(results, args, config, stream=stream, chosen=chosen)
    else:
        _write_report(results, args, config, chosen=chosen)
    _fix_summary(outcomes, args, "Fixed")
    return EXIT_ERROR if unwritten else _status(results, chosen, args)


def _unfixed(outcome: FixOutcome, config: Config, same: FixOutcome | None = None) -> FixOutcome:
    """What a file whose fixes could not be written holds: its text as it was, linted; or,
    for a second path to the file ``same`` fixed, what that left (no fix counted twice)."""
    from dipcheck.engine import lint_text
    from dipcheck.fixes import FixOutcome

    text = outcome.original
    if same is not None:
        from dipcheck.engine import read_source

        source, _ = read_source(same.path)
        text = outcome.original if source is None else source.text
    result = lint_text(text, outcome.path, config, named=outcome.named)
    return FixOutcome(outcome.path, text, text, result, named=outcome.named)


def _first_of_each_file(outcomes: Sequence[FixOutcome]) -> dict[int, FixOutcome]:
    """For each outcome of a file another outcome also names (a symbolic or hard link in the
    tree leads to it), by the outcome's ``id``, the one of them that is written: the first
    that changes the file (the two paths may have different settings), else the first."""
    groups: dict[object, list[FixOutcome]] = {}
    for outcome in outcomes:
        groups.setdefault(_identity(outcome.path), []).append(outcome)
    later: dict[int, FixOutcome] = {}
    for group in groups.values():
        if len(group) > 1:
            written = next((item for item in group if item.changed), group[0])
            later.update((id(item), written) for item in group if item is not written)
    return later


def _identity(path: str) -> object:
    """What makes two paths one file: its device and inode (links of either kind)."""
    try:
        info = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (info.st_dev, info.st_ino)


def _fix_summary(outcomes: Sequence[FixOutcome], args: argparse.Namespace, verb: str) -> None:
    applied = [(outcome.path, item) for outcome in outcomes for item in outcome.applied]
    if args.quiet:
        return
    files = len({path for path, _ in applied})
    if not applied:
        said = "No fixes available" if verb == "Would fix" else "Nothing fixed"
        hidden = (
            0
            if args.unsafe_fixes
            else sum(
                1
                for outcome in outcomes
                for item in outcome.result.diagnostics
                if item.fix is not None and not item.fix.safe
            )
        )
        if hidden:  # (as ruff says it: the summary line had just offered them)
            said += (
                f" ({hidden} fix{'es' * (hidden != 1)} to review can be applied with "
                "`--unsafe-fixes`)"
            )
        print(said + ".", file=sys.stderr)
        return
    print(
        f"{verb} {len(applied)} finding{'s' if len(applied) != 1 else ''} in {files} "
        f"file{'s' if files != 1 else ''}.",
        file=sys.stderr,
    )
    if args.show_fixes:
        from dipcheck.rules import registry

        for outcome in outcomes:
            if not outcome.applied:
                continue
            print(visible_name(f"- {outcome.path}:"), file=sys.stderr)
            counts: dict[str, int] = {}
            for item in outcome.applied:
                counts[item.code] = counts.get(item.code, 0) + 1
            for code, count in sorted(counts.items(), key=lambda pair: registry.code_key(pair[0])):
                rule = registry.get(code)
                name = f" ({rule.name})" if rule else ""
                print(f"    {count} x {code}{name}", file=sys.stderr)


# -- --add-ignore ----------------------------------------------------------------------------


def _add_ignore(
    paths: Sequence[str], config: Config, args: argparse.Namespace, chosen: Settings
) -> int:
    from dipcheck.engine import expand_trees, read_linked
    from dipcheck.fixes import add_ignores
    from dipcheck.writes import FileChanged, WriteRefused, write_atomically

    added = files = 0
    left = {"loading": 0, "suppression": 0, "unchanged": 0, "files": 0}
    unwritten = False
    named = {path for path in paths if not os.path.isdir(path)}
    entries = expand_trees(paths, config, chosen)
    settings = [chosen(path) for path, _ in entries]  # (all read before any file is written)
    for (path, tree), each in zip(entries, settings, strict=True):
        source, _ = read_linked(path, tree)
        if source is None:
            left["loading"] += 1  # (its DC002: it could not be read, or may not be)
            continue
        outcome = add_ignores(source.text, path, each, named=path in named)
        if outcome.rejected:
            why = (
                "an Ordewell plan is JSON, which has no comments (`per-file-ignores` in the "
                "configuration can hide its findings)"
                if outcome.result.workflow is not None
                and outcome.result.workflow.format == "ordewell"
                else "the comments would not parse"
            )
            print(
                visible(f"dipcheck: warning: {visible_name(path)}: left unchanged, {why}"),
                file=sys.stderr,
            )
        if not outcome.changed:
            _count_left(left, outcome.result.diagnostics, bool(outcome.rejected))
            continue
        try:
            write_atomically(path, outcome.original, outcome.text, tree)
        except (FileChanged, WriteRefused, OSError) as error:
            reason = "it changed on disk meanwhile" if isinstance(error, FileChanged) else error
            print(
                visible(f"dipcheck: error: {visible_name(path)} not changed: {reason}"),
                file=sys.stderr,
            )
            unwritten = True  # (the other files still get their comments, and say so)
            _count_left(left, [*outcome.result.diagnostics, *outcome.applied], True)
            continue
        added += len(outcome.applied)
        files += 1
        _count_left(left, outcome.result.diagnostics, False)
    if not args.quiet:
        print(
            f"Added suppressions for {added} finding{'s' if added != 1 else ''} in {files} "
            f"file{'s' if files != 1 else ''}.",
            file=sys.stderr,
        )
        if left["loading"] or left["suppression"] or left["unchanged"]:
            print(_left_note(left), file=sys.stderr)
    return EXIT_ERROR if unwritten else EXIT_OK


def _count_left(left: dict[str, int], findings: Sequence[Diagnostic], unchanged: bool) -> None:
    """Count the findings ``--add-ignore`` left in a file, by why (``unchanged``: the file
    was left as it was, so all of them)."""
    if unchanged:
        left["unchanged"] += len(findings)
        left["files"] += bool(findings)
        return
    for item in findings:
        left["suppression" if item.code.startswith("DC9") else "loading"] += 1


def _left_note(left: dict[str, int]) -> str:
    """What ``--add-ignore`` did not hide, and why."""
    parts = []
    if left["loading"]:
        count = left["loading"]
        parts.append(f"{count} loading error{'s' if count != 1 else ''} (mend the file)")
    if left["suppression"]:
        count = left["suppression"]
        parts.append(f"{count} about suppression comments (DC9xx)")
    if left["unchanged"]:
        files = "a file left as it was" if left["files"] == 1 else "files left as they were"
        parts.append(f"{left['unchanged']} in {files}")
    total = left["loading"] + left["suppression"] + left["unchanged"]
    return (
        f"{total} finding{'s' if total != 1 else ''} left, which a comment does not hide: "
        f"{', '.join(parts)}; `dipcheck lint` shows {'them' if total != 1 else 'it'}."
    )

"""``dipcheck fmt``: format ``.dip`` files in place, or check or show what would change."""

from __future__ import annotations

import argparse
import os
import sys

from dipcheck.terminal import for_stream, visible, visible_name

EXIT_OK, EXIT_CHANGES, EXIT_ERROR = 0, 1, 2
BOM = "\ufeff"

EPILOG = """\
exit status:
  0  nothing to do, or the files were formatted
  1  with --check or --diff: at least one file would change
  2  a file cannot be formatted (syntax errors, unreadable) or a usage error

examples:
  dipcheck fmt workflows/             format every .dip file under workflows/ in place
  dipcheck fmt --check .              fail (exit 1) when a file is not formatted (CI)
  dipcheck fmt --diff build.dip       show the changes without writing them
  cat build.dip | dipcheck fmt -      formatted text on standard output
"""


def add_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = commands.add_parser(
        "fmt",
        help="format .dip files (indentation, spacing; comments and blocks kept)",
        description="Format .dip workflow files: two-space indentation, single spaces in "
        "declarations and edges (two before an edge's `when`, `label:`, `loop` …, as dippin "
        "writes them), collapsed blank-line runs, no blanks at line ends. Comments, field "
        "order and the content of multi-line blocks are kept (the blanks that end a block's "
        "lines are not content: dippin drops them). A file with syntax errors is left alone.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="*",
        default=["."],
        metavar="PATH",
        help="files or directories (searched for .dip files); `-` formats standard input "
        "to standard output (default: .)",
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a file would change"
    )
    parser.add_argument(
        "--diff", action="store_true", help="write nothing; print a diff of what would change"
    )


def _paths(paths: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The files to format (``.dip`` files found in directories, but not those a ``[format]
    exclude`` glob names, and files named on the command line), each with its tree (see
    ``engine.expand_trees``), and the named files that are DOT or YAML workflows, which fmt
    does not format."""
    from dipcheck.config import Config, ConfigError, FolderSettings, load_config
    from dipcheck.engine import detect_format, expand_trees

    def settings(anchor: str | None) -> Config:
        try:
            return load_config(anchor or (paths[0] if paths else "."))
        except ConfigError:
            return Config()  # (formatting does not depend on the rule settings)

    # each file's `exclude` and `include` are those of its closest configuration file, as
    # `dipcheck lint` finds them
    each = FolderSettings(settings(None), settings)
    found = expand_trees(paths, settings=each)
    named = set(paths)
    chosen: list[tuple[str, str]] = []
    refused: list[str] = []
    for path, tree in found:
        config = each(path)
        if path not in named and config.format_excluded(path):
            continue  # (`[format] exclude`: left alone on purpose; a named file is formatted)
        fmt = detect_format(path, config)
        if fmt == "dip" or (path in named and fmt is None):
            chosen.append((path, tree))
        elif path in named:
            refused.append(path)
    return chosen, refused


def _read(path: str) -> str:
    from dipcheck.files import MAX_FILE_BYTES, read_regular

    return _decode(read_regular(path, MAX_FILE_BYTES))


def _decode(data: bytes) -> str:
    """Bytes as UTF-8 text; bytes that are not UTF-8 are an error that says where."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _Unreadable(
            f"not UTF-8: byte {error.start} (0x{data[error.start]:02x}) cannot be decoded; "
            "save the file as UTF-8; not formatted"
        ) from None


class _Unreadable(Exception):
    pass


def _show_change(text: str, formatted: str, name: str, diff: bool) -> None:
    """What --diff (the diff) or --check (one line) says of a file, or of standard input
    (``<stdin>``), that formatting would change."""
    from dipcheck.source import text_diff

    if diff:
        shown = text_diff(text, formatted, name, f"{name} (formatted)")
        sys.stdout.write(for_stream(shown, sys.stdout))
    else:
        print(visible(f"would reformat {visible_name(name)}"))


def run(args: argparse.Namespace) -> int:

    from dipcheck.engine import linked_outside, sniff_format
    from dipcheck.files import MAX_FILE_BYTES, read_stream
    from dipcheck.formatter import FormatError, format_dip
    from dipcheck.writes import FileChanged, WriteRefused, write_atomically

    if "-" in args.paths:
        if len(args.paths) > 1:
            print("dipcheck fmt: `-` cannot be combined with other paths", file=sys.stderr)
            return EXIT_ERROR
        try:
            text = _decode(read_stream(sys.stdin.buffer, MAX_FILE_BYTES))
            if sniff_format(text) != "dip":
                raise _Unreadable(
                    f"a {sniff_format(text).upper()} workflow, not .dip: fmt formats .dip "
                    "workflows only; not formatted"
                )
            formatted = format_dip(text)
        except (_Unreadable, FormatError, OSError) as error:
            print(visible(f"dipcheck fmt: <stdin>: {error}"), file=sys.stderr)
            return EXIT_ERROR
        if not (args.check or args.diff):
            sys.stdout.write(for_stream(formatted, sys.stdout))
            return EXIT_OK
        # with --check or --diff, standard input is a file like any other: nothing is
        # written, and the exit status says whether it would change
        if formatted == text:
            return EXIT_OK
        _show_change(text, formatted, "<stdin>", args.diff)
        return EXIT_CHANGES
    for path in args.paths:
        if not os.path.exists(path):
            print(
                visible(f"dipcheck fmt: {visible_name(path)}: no such file or directory"),
                file=sys.stderr,
            )
            return EXIT_ERROR
    changed = unchanged = failed = 0
    writing = not (args.check or args.diff)
    chosen, refused = _paths(args.paths)
    if not chosen and not refused:
        # (a warning, the exit status unchanged: as `dipcheck lint` says of a tree without
        # workflows, so a CI job over a tree without .dip files yet does not fail)
        listed = visible_name(", ".join(args.paths))
        print(
            f"dipcheck fmt: warning: no .dip file found in {listed}: nothing was formatted "
            "(fmt formats .dip workflows only)",
            file=sys.stderr,
        )
        return EXIT_OK
    for path in refused:
        print(
            visible(
                f"dipcheck fmt: {visible_name(path)}: not a .dip file: fmt formats .dip "
                "workflows only (DOT and YAML files are left as they are); not formatted"
            ),
            file=sys.stderr,
        )
        failed += 1
    for path, tree in chosen:
        refused_link = linked_outside(path, tree)
        if refused_link is not None:
            print(
                visible(f"dipcheck fmt: {visible_name(path)}: {refused_link.message}"),
                file=sys.stderr,
            )
            failed += 1
            continue
        try:
            text = _read(path)
            formatted = format_dip(text)
        except OSError as error:
            print(
                visible(f"dipcheck fmt: {visible_name(path)}: {error.strerror or error}"),
                file=sys.stderr,
            )
            failed += 1
            continue
        except (_Unreadable, FormatError) as error:
            print(visible(f"dipcheck fmt: {visible_name(path)}: {error}"), file=sys.stderr)
            failed += 1
            continue
        if formatted == text:
            unchanged += 1
            continue
        changed += 1
        if args.diff or args.check:
            _show_change(text, formatted, path, args.diff)
        else:
            try:  # (write_atomically keeps a byte-order mark itself)
                write_atomically(path, text.removeprefix(BOM), formatted.removeprefix(BOM), tree)
            except (FileChanged, WriteRefused, OSError) as error:
                reason = "it changed on disk meanwhile" if isinstance(error, FileChanged) else error
                print(
                    visible(f"dipcheck fmt: {visible_name(path)}: not written: {reason}"),
                    file=sys.stderr,
                )
                changed -= 1
                failed += 1
    verb = "reformatted" if writing else "would be reformatted"
    summary = f"{changed} file{'s' * (changed != 1)} {verb}, {unchanged} already formatted"
    if failed:
        summary += f", {failed} could not be formatted"
    print(summary, file=sys.stderr)
    if failed:
        return EXIT_ERROR
    return EXIT_CHANGES if changed and not writing else EXIT_OK

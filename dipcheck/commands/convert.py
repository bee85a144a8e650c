"""``dipcheck convert FILE --to dip|dot``: a DOT pipeline as a .dip file and back, with a
parity check of the result."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from dipcheck.files import not_a_file
from dipcheck.records import replace
from dipcheck.terminal import for_stream, visible_line, visible_lines
from dipcheck.writes import write_output

EXIT_OK, EXIT_DIFFERENT, EXIT_ERROR = 0, 1, 2

EPILOG = """\
how:
  The file is lowered to the workflow model, written in the other format (tracker's .dip
  adapter mapping for DOT, docs/runtime/loading.md#from-dippin-to-trackers-graph; `dipcheck fmt`
  layout for .dip), with
  its comments beside the same nodes, fields and edges and its prompts as they are
  (prompt_file text inlined into DOT). Then the parity check: the converted text must lower
  to the same workflow (nodes, kinds, handlers, fields, prompts, edges, conditions as tracker
  evaluates them, edge order) and lint with the same findings, except codes one format alone
  has. What the target format cannot say is listed as a note.

--check:
  writes nothing. With -o OUT naming an existing file, checks that OUT is still the same
  workflow as FILE (a .dip/.dot pair kept side by side in CI); otherwise checks that FILE
  converts without a difference.

exit status:
  0  parity holds          1  parity fails (differences listed on stderr)
  2  the file cannot be read, loaded or converted, or a usage error

examples:
  dipcheck convert pipeline.dot --to dip -o pipeline.dip
  dipcheck convert build.dip --to dot > build.dot
  dipcheck convert build.dip --to dot --check -o build.dot      is build.dot up to date?
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "convert",
        help="convert a DOT pipeline to .dip or a .dip workflow to DOT, with a parity check",
        description="Convert a workflow between .dip and tracker's DOT through the shared "
        "model, keeping comments and prompts, and check that the result is the same "
        "workflow with the same findings.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the workflow to convert (.dip or .dot)")
    parser.add_argument("--to", choices=("dip", "dot"), required=True, help="the format to write")
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="write OUT (default: standard output)"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 when the parity check (or OUT's comparison) fails",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print no notes")
    parser.add_argument("--target-version", metavar="VERSION", help="the tracker release")
    parser.add_argument("--config", metavar="FILE", help="use this configuration file")
    parser.add_argument(
        "--isolated",
        action="store_true",
        help="ignore every configuration file (not with --config)",
    )


def _error(message: str) -> int:
    print(visible_line(f"dipcheck convert: error: {message}"), file=sys.stderr)
    return EXIT_ERROR


def _where(item: Any) -> str:
    line, column = item.span.start_position()
    return f"{item.span.path}:{line + 1}:{column + 1}"


def report(parity: Any, original: str, converted: str) -> list[str]:
    """The parity check's differences, one line each."""
    from dipcheck.semdiff.report import SIGNS, describe

    lines: list[str] = []
    for change in parity.changes:
        lines.append(f"  {SIGNS[change.kind]} {describe(change)}")
    for item in parity.only_original:
        lines.append(f"  - {item.code} only in {original}: {item.message}  [{_where(item)}]")
    for item in parity.only_converted:
        lines.append(f"  + {item.code} only in {converted}: {item.message}")
    return lines


def run(args: argparse.Namespace) -> int:
    from dipcheck.config import Config, ConfigError, load_config
    from dipcheck.convert import ConvertError, convert, parity
    from dipcheck.engine import detect_format, lint_file, named_outside, not_loaded
    from dipcheck.target import parse_target

    problem = not_a_file(args.file) or named_outside(args.file)
    if problem is not None:
        return _error(f"{args.file}: {problem}")
    source_format = detect_format(args.file)
    if source_format not in ("dip", "dot"):
        return _error(f"{args.file}: only .dip and .dot files can be converted")
    if source_format == args.to:
        return _error(f"{args.file} is already a .{args.to} file")
    if args.isolated and args.config:
        return _error(
            "--isolated ignores every configuration file; it cannot be combined with --config"
        )
    try:
        config = Config() if args.isolated else load_config(args.file, args.config)
        if args.target_version:
            config = replace(config, target=parse_target(args.target_version))
    except (ConfigError, ValueError) as error:
        return _error(str(error))
    original = lint_file(args.file, config)
    if original.workflow is None:
        return _error(not_loaded(args.file, original))
    if args.check and args.output and os.path.isfile(args.output):
        refused = named_outside(args.output)
        if refused is not None:
            return _error(f"{args.output}: {refused}")
        twin = lint_file(args.output, config)
        if twin.workflow is None:
            return _error(not_loaded(args.output, twin))
        found = parity(original, twin, config)
        if found.ok:
            print(
                visible_line(f"{args.output} is the same workflow as {args.file}"), file=sys.stderr
            )
            return EXIT_OK
        print(visible_line(f"{args.output} differs from {args.file}:"), file=sys.stderr)
        sys.stderr.write(visible_lines(report(found, args.file, args.output)))
        return EXIT_DIFFERENT
    try:
        result = convert(original, args.to, config)
    except ConvertError as error:
        return _error(str(error))
    name = args.output or result.path
    if not args.check:
        if args.output:
            write_output(args.output, [result.text])
        else:
            sys.stdout.write(for_stream(result.text, sys.stdout))
    if not args.quiet:
        for note in result.notes:
            print(visible_line(f"note: {note}"), file=sys.stderr)
    if result.parity.ok:
        print(
            visible_line(
                f"parity: {name} lowers to the same workflow as {args.file} with the same findings"
            ),
            file=sys.stderr,
        )
        return EXIT_OK
    print(visible_line(f"parity: {name} differs from {args.file}:"), file=sys.stderr)
    sys.stderr.write(visible_lines(report(result.parity, args.file, name)))
    return EXIT_DIFFERENT

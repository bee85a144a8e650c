"""``dipcheck graph``: a picture of a workflow (Mermaid, DOT, or SVG/PNG through Graphviz)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dipcheck.files import not_a_file
from dipcheck.records import replace
from dipcheck.terminal import visible_line
from dipcheck.writes import write_output

EXIT_OK, EXIT_ERROR = 0, 2

EPILOG = """\
what is drawn:
  every node with tracker's shape for its handler, every edge with its condition, label or
  choice (the edges tracker adds for parallel/fan_in included); back edges in blue with ↺;
  the branches of a parallel node in a cluster, and with --expand the child workflow of each
  subgraph in its own cluster; nodes and edges with an error in red, with a warning in amber
  (codes under the name, messages in the SVG tooltip); with --coverage, edges the tests did
  not take dashed.

coverage file (JSON: what `dipcheck test --coverage-report json:FILE` writes, or the short form
below; every shape in docs/graph-convert-diff.md, "The coverage file"):
  {"file": "build.dip", "edges": [{"from": "Start", "to": "Build", "index": 0}, ...]}

exit status:
  0  the picture was written
  2  usage error, a workflow that cannot be loaded, an unreadable coverage file, or
     Graphviz missing for svg/png

examples:
  dipcheck graph build.dip > build.md               Mermaid, for a README or a PR comment
  dipcheck graph build.dip --format svg -o build.svg
  dipcheck graph build.dip --format png -o build.png --direction LR
  dipcheck graph build.dip --expand --format svg -o all.svg
  dipcheck graph build.dip --coverage coverage.json --format svg -o tested.svg
"""


def add_parser(commands: Any) -> None:
    from dipcheck.picture.workflow import FORMATS

    parser = commands.add_parser(
        "graph",
        help="draw a workflow: Mermaid, DOT, or SVG/PNG through Graphviz",
        description="Draw a workflow with its findings (and, given a coverage file, the "
        "edges its tests did not take).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the workflow (.dip, .dot or YAML)")
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="mermaid",
        help="mermaid (default, a fenced Markdown block), dot, or svg/png (needs Graphviz)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    parser.add_argument("--coverage", metavar="FILE", help="dash the edges no test took")
    parser.add_argument(
        "--expand", action="store_true", help="draw the child workflow of each subgraph"
    )
    parser.add_argument(
        "--no-findings", action="store_true", help="do not lint; draw the workflow alone"
    )
    parser.add_argument(
        "--direction",
        choices=("TB", "LR"),
        default="TB",
        help="top to bottom (default) or left to right",
    )
    parser.add_argument("--config", metavar="FILE", help="use this configuration file")
    parser.add_argument("--isolated", action="store_true", help="ignore every configuration file")


def _error(message: str) -> int:
    print(visible_line(f"dipcheck graph: error: {message}"), file=sys.stderr)
    return EXIT_ERROR


def run(args: argparse.Namespace) -> int:
    from dipcheck.config import Config, ConfigError, load_config
    from dipcheck.engine import lint_file, named_outside, not_loaded
    from dipcheck.picture import workflow as picture
    from dipcheck.picture.coverage import CoverageError, read_coverage
    from dipcheck.picture.graphviz import GraphvizError
    from dipcheck.simulate.children import load_child

    problem = not_a_file(args.file) or named_outside(args.file)
    if problem is not None:
        return _error(f"{args.file}: {problem}")
    binary = args.format == "png"
    if binary and not args.output and sys.stdout.isatty():
        return _error("a PNG is not written to a terminal: give -o FILE (or redirect)")
    try:
        config = Config() if args.isolated else load_config(args.file, args.config)
    except ConfigError as error:
        return _error(str(error))
    if args.no_findings:
        config = replace(config, select=("DC001",))  # the front-end alone
    result = lint_file(args.file, config)
    if result.workflow is None:
        return _error(not_loaded(args.file, result))
    untested = None
    if args.coverage:
        refused = named_outside(args.coverage)
        if refused is not None:  # its entries are quoted when they cannot be used
            return _error(f"{args.coverage}: {refused}")
        try:
            coverage = read_coverage(args.coverage, args.file)
        except CoverageError as error:
            return _error(str(error))
        untested = coverage.untested
    findings = [] if args.no_findings else result.diagnostics
    try:
        output = picture.render(
            result.workflow,
            args.format,
            findings,
            untested,
            picture.Options(expand=args.expand, direction=args.direction),
            load_child,
        )
    except GraphvizError as error:
        return _error(str(error))
    if not args.output and not binary:  # (text, SVG included: a terminal sees escapes)
        from dipcheck.terminal import for_stream

        if isinstance(output, bytes):
            output = output.decode("utf-8", errors="replace")
        output = for_stream(output, sys.stdout)
    data = output if isinstance(output, bytes) else output.encode("utf-8")
    if args.output:
        write_output(args.output, [data])
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return EXIT_OK

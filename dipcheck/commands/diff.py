"""``dipcheck diff OLD NEW``: the semantic difference between two versions of a workflow."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dipcheck.records import replace
from dipcheck.terminal import for_stream, visible, visible_line
from dipcheck.writes import write_output

EXIT_SAME, EXIT_DIFFERENT, EXIT_ERROR = 0, 1, 2

EPILOG = """\
what is compared:
  settings (header, defaults, vars, inputs), nodes (kind, handler), fields and prompts under
  their .dip names (included prompt files by their text), edges as tracker tries them (the
  ones parallel/fan_in lists add included), their conditions as tracker reads them, and the
  order a node's conditional and labelled edges are tried in. A pure reformat, a comment or
  a `when ctx.x = y` written `when ctx.x = "y"` is no change.

what it does to routing:
  every run of both versions is explored (tracker's rules, no LLM, no command run) to find
  the edges that can now fire or no longer can, the nodes that gained or lost a way to the
  exit and whether any run still succeeds; then both versions are linted and the findings
  introduced or fixed are listed.

versions:
  a file path, or git:REV:path (the file at commit REV of the repository that holds the
  current directory), e.g. git:HEAD~1:workflows/build.dip or git:origin/main:build.dip

exit status (like diff):
  0  no semantic change      1  changes      2  a version cannot be read or loaded

examples:
  dipcheck diff old/build.dip build.dip
  dipcheck diff git:HEAD~1:build.dip build.dip
  dipcheck diff git:origin/main:build.dip build.dip --format markdown > comment.md
  dipcheck diff build.dot build.dip                 across formats
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "diff",
        help="what changed between two versions of a workflow, and what it does to routing",
        description="Compare two versions of a workflow: nodes, edges, conditions, fields and "
        "prompts added, removed or changed; then edges that can now fire or no longer can, "
        "ways to the exit gained or lost, findings introduced or fixed.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("old", metavar="OLD", help="the old version: a file or git:REV:path")
    parser.add_argument("new", metavar="NEW", help="the new version: a file or git:REV:path")
    parser.add_argument(
        "--format",
        choices=("text", "markdown", "json"),
        default="text",
        help="text (default), markdown (for a pull-request comment) or json",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    parser.add_argument("--title", help="the heading of the Markdown report")
    parser.add_argument(
        "--max-states",
        type=int,
        default=None,
        metavar="N",
        help="states each version's exploration may visit (default 3000; 0 skips the "
        "routing effects of edges)",
    )
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 when the versions differ")
    parser.add_argument("--target-version", metavar="VERSION", help="the tracker release")
    parser.add_argument("--config", metavar="FILE", help="use this configuration file")
    parser.add_argument("--isolated", action="store_true", help="ignore every configuration file")


def _error(message: str) -> int:
    print(visible_line(f"dipcheck diff: error: {message}"), file=sys.stderr)
    return EXIT_ERROR


def run(args: argparse.Namespace) -> int:
    from dipcheck.config import Config, ConfigError, load_config
    from dipcheck.semdiff import DiffError, diff, report
    from dipcheck.semdiff.routing import DEFAULT_MAX_STATES
    from dipcheck.semdiff.sources import SourceError, read_version
    from dipcheck.target import parse_target

    if args.max_states is not None and args.max_states < 0:
        return _error("--max-states must be 0 or more")
    try:
        old = read_version(args.old)
        new = read_version(args.new)
    except SourceError as error:
        return _error(str(error))
    # (the settings of the file's closest configuration file, as lint finds them: for
    # `git:REV:path`, the folder the path names in the working tree, not the current one)
    anchor = new.path
    try:
        config = Config() if args.isolated else load_config(anchor, args.config)
        if args.target_version:
            config = replace(config, target=parse_target(args.target_version))
    except (ConfigError, ValueError) as error:
        return _error(str(error))
    states = DEFAULT_MAX_STATES if args.max_states is None else args.max_states
    try:
        result = diff(old, new, config, states)
    except DiffError as error:
        return _error(str(error))
    if args.format == "json":
        output = report.dumps(result)
    elif args.format == "markdown":
        output = report.markdown(result, args.title or "")
    else:
        output = report.text(result)
    if args.format != "json":  # workflow text carries no terminal controls (dipcheck.terminal)
        output = visible(output)
    if args.output:
        write_output(args.output, [output])
    else:  # (JSON too is shown with escapes on a terminal: it keeps C1 and bidi controls)
        sys.stdout.write(for_stream(output, sys.stdout))
    if result.empty or args.exit_zero:
        return EXIT_SAME
    return EXIT_DIFFERENT

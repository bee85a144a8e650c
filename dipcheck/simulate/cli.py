"""The ``dipcheck simulate`` subcommand: :func:`add_parser` and :func:`run`.

Exit status: 0 when the simulated run succeeds (and always after ``--all-paths``), 1 when it
ends in a failed status, 2 for usage errors, configuration or scenario errors and workflows
that cannot be loaded.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from dipcheck.files import not_a_file
from dipcheck.model import Dialect
from dipcheck.records import replace
from dipcheck.target import KNOWN_TARGETS
from dipcheck.terminal import for_stream, visible_line
from dipcheck.writes import write_output

EXIT_OK, EXIT_FAILED, EXIT_ERROR = 0, 1, 2
DEFAULT_MAX_PATHS = 1000

EPILOG = """\
what it does:
  Walks the workflow with tracker's own rules (docs/runtime/README.md): strict failure and
  the fallback chain, then condition → preferred label → suggested nodes → weight → lexical
  order; retries only on `retry`; loop restarts within max_restarts; goal gates at the exit;
  parallel/fan_in, subgraphs and manager loops. No LLM is called and no command is run: what
  each node does comes from the scenario (default: every node succeeds, human gates take
  tracker's auto-approve answer, tools print nothing).

scenario file (YAML):
  context: {key: value}
  nodes:
    Build: {outcome: fail}                 # success | fail | retry
    Review: [{outcome: retry}, {outcome: success, writes: {verdict: approve}}]
    Approve: {choice: "Ship it"}           # human gates (yes_no: Yes/No); freeform: text:
    Check: {stdout: "tests_pass", exit_code: 0}
    Child/Work: {outcome: fail}            # a node of a subgraph child
  max_steps: 500

exit status:
  0  the simulated run succeeded (always 0 with --all-paths)
  1  the simulated run ended in a failed status (fail, stuck, restarts_exhausted, max_steps)
  2  usage, configuration or scenario error, or a workflow that cannot be loaded

examples:
  dipcheck simulate build.dip
  dipcheck simulate build.dip --scenario failing-tests.yaml --verbose
  dipcheck simulate build.dip --format mermaid > path.md
  dipcheck simulate build.dip --format dot | dot -Tsvg > path.svg
  dipcheck simulate build.dip --all-paths
  dipcheck simulate plan.json                       an Ordewell plan: its waves
  dipcheck simulate session.json --handover api     the prompt Ordewell composes for `api`
  dipcheck simulate reply.txt --dialect ordewell --format json
  dipcheck simulate build.dip --all-paths --suggest-tests >> suggested.yaml
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "simulate",
        help="dry-run a workflow: the route the runtime takes, step by step",
        description="Simulate a workflow run without calling an LLM or running a command: "
        "show each step, the edge taken and why, and how the run ends.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="the workflow (.dip, DOT, a YAML step workflow, or an Ordewell plan)",
    )
    parser.add_argument("--scenario", metavar="S.yaml", help="what the nodes do (see below)")
    parser.add_argument(
        "--format",
        choices=("text", "json", "mermaid", "dot"),
        default="text",
        help="text (default), json, or a picture with the path highlighted",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show each prompt and command as the node receives it",
    )
    parser.add_argument(
        "--all-paths",
        action="store_true",
        help="explore every combination of outcomes the routing depends on",
    )
    parser.add_argument(
        "--max-paths",
        type=int,
        default=DEFAULT_MAX_PATHS,
        metavar="N",
        help=f"stop --all-paths after N terminal paths (default {DEFAULT_MAX_PATHS})",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        metavar="S",
        help="stop --all-paths after S seconds (default 30), and --suggest-tests' trying of "
        "tests after S more; the output then says it is incomplete",
    )
    parser.add_argument(
        "--suggest-tests",
        action="store_true",
        help="with --all-paths: a test for each edge the workflow's tests do not take, "
        "ready to paste into its .tests.yaml",
    )
    parser.add_argument("--max-steps", type=int, metavar="N", help="steps before giving up")
    parser.add_argument(
        "--target-version",
        metavar="VERSION",
        help="the tracker release to simulate (default: 0.64; known: "
        + ", ".join(KNOWN_TARGETS)
        + ")",
    )
    plans = parser.add_argument_group(
        "Ordewell plans (a plan object, a planner reply or a session file)",
        "The waves Ordewell's scheduler forms (scenario: max_parallel_sessions, and tasks: "
        "{ID: {outcome: success|fail|spawn_fail|cancel}}), and what each task is handed.",
    )
    plans.add_argument(
        "--handover",
        metavar="TASK_ID",
        help="print the prompt Ordewell composes for this task (fixed prose as placeholders)",
    )
    plans.add_argument("--tdd", action="store_true", help="with --handover: the TDD block on")
    plans.add_argument(
        "--no-plan-map", action="store_true", help="with --handover: leave the plan map out"
    )
    plans.add_argument(
        "--plan-map-max", type=int, metavar="N", help="with --handover: rows in the plan map"
    )
    plans.add_argument(
        "--dialect",
        choices=("ordewell",),
        help="read FILE as an Ordewell plan whatever its name (a .txt planner reply)",
    )
    plans.add_argument(
        "--ordewell-runners",
        metavar="A,B",
        help="the runners Ordewell has enabled (default claude-code,codex,opencode)",
    )
    parser.add_argument("--config", metavar="FILE", help="use this configuration file")
    parser.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")


def _error(message: str) -> int:
    print(visible_line(f"dipcheck simulate: error: {message}"), file=sys.stderr)
    return EXIT_ERROR


def _exact(path: str) -> str:
    """A glob that names ``path`` and nothing else (absolute: a configuration's globs are
    matched against names relative to its folder, or against absolute paths)."""
    import glob

    return glob.escape(os.path.abspath(path))


def _write(args: argparse.Namespace, output: str) -> None:
    if args.output:
        write_output(args.output, [output])
    else:
        sys.stdout.write(output)


def _plan(args: argparse.Namespace, config: Any) -> int:
    """An Ordewell plan: its waves, or ``--handover TASK``."""
    from dipcheck.simulate import handover, plan_cli

    try:
        loaded = plan_cli.load(args.file, config)
        if args.handover is None:
            fmt = args.format if args.format in ("text", "json") else None
            if fmt is None:
                return _error("an Ordewell plan simulates to text or json")
            pieces, code = plan_cli.waves_report(loaded, args.scenario, fmt)
            for warning in loaded.warnings:
                print(visible_line(f"dipcheck simulate: warning: {warning}"), file=sys.stderr)
            if args.output:
                write_output(args.output, pieces)
            else:  # (JSON leaves C1 controls raw: a terminal gets them shown)
                sys.stdout.writelines(for_stream(piece, sys.stdout) for piece in pieces)
            return code
        task = handover.find_task(loaded.plan, args.handover)
        if task is None:
            return _error(f"{args.file}: no task {args.handover!r}")
        options = handover.Options(
            plan_map=not args.no_plan_map, tdd=args.tdd, plan_map_max=args.plan_map_max
        )
        prompt = handover.compose(loaded.plan, task, options)
    except (plan_cli.PlanError, handover.HandoverError) as error:
        return _error(str(error))
    for warning in loaded.warnings:
        print(visible_line(f"dipcheck simulate: warning: {warning}"), file=sys.stderr)
    if handover.missing_marker(task):
        print(
            f"dipcheck simulate: warning: task {args.handover!r} has no completionMarker: "
            "Ordewell gives a task a fresh one when it accepts the plan, and a stored task "
            "without one is told to print DONE_undefined",
            file=sys.stderr,
        )
    _write(args, prompt)
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    from dipcheck.config import Config, ConfigError, load_config
    from dipcheck.target import parse_target

    problem = not_a_file(args.file)
    if problem is not None:
        return _error(f"{args.file}: {problem}")
    try:
        config = Config() if args.isolated else load_config(args.file, args.config)
        if args.target_version:
            config = replace(config, target=parse_target(args.target_version))
    except (ConfigError, ValueError) as error:
        return _error(str(error))
    if getattr(args, "ordewell_runners", None):
        from dipcheck.frontends.ordewell import runner_list

        config = replace(config, ordewell_runners=runner_list(args.ordewell_runners))
    if getattr(args, "dialect", None) == "ordewell":
        config = replace(config, dialects=((_exact(args.file), Dialect.ORDEWELL), *config.dialects))
    from dipcheck.engine import detect_format

    if detect_format(args.file, config) == "ordewell":
        return _plan(args, config)
    if args.handover:
        return _error("--handover is for Ordewell plans")
    if args.max_paths < 1 or (args.max_steps is not None and args.max_steps < 1):
        return _error("--max-paths and --max-steps must be at least 1")
    if args.max_seconds is not None and not args.max_seconds > 0:
        return _error("--max-seconds must be more than 0")
    from dipcheck.simulate import session

    try:
        prepared = session.prepare(args.file, config, args.scenario, args.max_steps, args.verbose)
    except session.SimulateError as error:
        return _error(str(error))
    if args.suggest_tests and not args.all_paths:
        return _error("--suggest-tests works on the explored paths: add --all-paths")
    if args.all_paths:
        seconds = session.DEFAULT_MAX_SECONDS if args.max_seconds is None else args.max_seconds
        result = session.explore(prepared, args.max_paths, seconds)
        if args.suggest_tests:
            from dipcheck.wftest import runner, suggest

            workflows = runner.Workflows(config)
            workflows.loaded[os.path.normpath(os.path.abspath(args.file))] = prepared
            found = suggest.suggest(prepared, result, workflows, seconds)
            output = suggest.render(prepared, found)
        else:
            output = session.render_paths(prepared, result, args.format)
        code = EXIT_OK
    else:
        run_ = session.run(prepared)
        output = session.render_run(prepared, run_, args.format)
        code = EXIT_OK if run_.end is not None and run_.end.succeeded else EXIT_FAILED
    if args.output:
        write_output(args.output, [output])
    else:  # (the suggested tests and JSON are data, exact in a pipe, shown on a terminal)
        sys.stdout.write(for_stream(output, sys.stdout))
    return code

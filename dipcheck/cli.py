"""The ``dipcheck`` command line."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dipcheck import __version__
from dipcheck.records import replace
from dipcheck.report import FORMATS
from dipcheck.target import KNOWN_TARGETS
from dipcheck.terminal import quoted, visible_parser
from dipcheck.writes import OutputUnwritable

if TYPE_CHECKING:
    from dipcheck.config import Config
    from dipcheck.rules.registry import Rule

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

# The commands whose module has ``add_parser(commands)`` and ``run(args)``, in the order of
# `dipcheck --help`, with their one-line help. Only the module of the command being run is
# imported (start-up time); the others appear in the help as these lines.
COMMANDS = {
    "fmt": (
        "dipcheck.fmt_cli",
        "format .dip files (indentation, spacing; comments and blocks kept)",
    ),
    "config": (
        "dipcheck.commands.config",
        "list the configuration keys, or print their JSON Schema",
    ),
    "simulate": (
        "dipcheck.simulate.cli",
        "dry-run a workflow: the route the runtime takes, step by step",
    ),
    "test": (
        "dipcheck.commands.test",
        "run the scenario tests of workflows (.tests.yaml, dippin's .test.json)",
    ),
    "graph": (
        "dipcheck.commands.graph",
        "draw a workflow: Mermaid, DOT, or SVG/PNG through Graphviz",
    ),
    "diff": (
        "dipcheck.commands.diff",
        "what changed between two versions of a workflow, and what it does to routing",
    ),
    "convert": (
        "dipcheck.commands.convert",
        "convert a DOT pipeline to .dip or a .dip workflow to DOT, with a parity check",
    ),
}

DESCRIPTION = """\
Static analysis for LLM-agent workflow files: tracker/dippin .dip workflows, DOT pipelines
(tracker, Attractor, the typed-outputs engine) and YAML step workflows.

Finds the mistakes that otherwise surface mid-run: context keys read where no node (or not
every path) writes them, LLM output spliced into shell commands, edges to nodes that do not
exist, conditions the runtime cannot parse, unreachable nodes, cycles without a back edge,
unknown fields and bad values, syntax errors (all of them, with exact positions).
"""

MAIN_EPILOG = """\
examples:
  dipcheck lint workflows/                check every workflow file under workflows/
  dipcheck lint --format json build.dip   one JSON document (for CI and scripts)
  dipcheck rule DIP005                    what a rule finds, why, an example, the fix
  dipcheck rule --all                     every rule with its code, name and severity
  dipcheck fmt --check .                  are the .dip files formatted?
  dipcheck graph build.dip --format svg -o build.svg   a picture of the workflow
  dipcheck diff git:HEAD~1:build.dip build.dip         what a change does to routing
  dipcheck convert pipeline.dot --to dip -o pipeline.dip
  dipcheck config --schema                the JSON Schema of [tool.dipcheck], for editors
  dipcheck test                           run the workflows' scenario tests (*.tests.yaml)
  dipcheck lsp                            the language server, for editors

`dipcheck COMMAND --help` shows the options of a command.
"""

LINT_EPILOG = """\
exit status:
  0  no finding at or above the failure level (default: error)
  1  at least one such finding
  2  usage or configuration error

configuration is read from the closest dipcheck.toml or pyproject.toml [tool.dipcheck]
(select, extend-select, ignore, per-file-ignores, exclude, fail-on, target-version,
extra-models, ordewell-runners, [severity], [dialect] for DOT files and Ordewell plans).

examples:
  dipcheck lint workflows/
  dipcheck lint --format json build.dip > findings.json
  cat build.dip | dipcheck lint - --stdin-filename build.dip
  dipcheck lint --select DIP0 --ignore DIP004 .
  dipcheck lint --extend-select dippin .  also every code dippin lint reports (parity)
  dipcheck lint --fix --show-fixes .      apply safe fixes, list what was fixed
  dipcheck lint --diff --unsafe-fixes .   show every fix as a diff, change nothing
  dipcheck lint --add-ignore legacy/      suppress every current finding (to adopt dipcheck)
  dipcheck lint --format sarif -o dipcheck.sarif .
  dipcheck lint --watch workflows/
  dipcheck lint --no-env-checks --extra-models "acme:m1,m2" workflows/
  dipcheck lint --dialect ordewell reply.txt    a planner reply, before accepting the plan
"""

RULE_EPILOG = """\
examples:
  dipcheck rule DIP005
  dipcheck rule unconditional-cycle
  dipcheck rule --all
  dipcheck rule --all --format json
"""


def _command(argv: Sequence[str]) -> str | None:
    """The command named in ``argv``: its first word that is no option (the main parser's
    only options, ``--help`` and ``--version``, take no value)."""
    return next((word for word in argv if not word.startswith("-")), None)


def terminal_columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` gives it (``$COLUMNS``, else
    standard output's terminal, else 80)."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter given the width it would take: argparse makes a formatter for
    every option added, and without a width each one imports :mod:`shutil` (with the
    compression modules) to ask the terminal."""

    def __init__(self, prog: str, **options: int) -> None:
        options.setdefault("width", terminal_columns() - 2)
        super().__init__(prog, **options)


def _parser(command: str | None = None, *, every: bool = False) -> argparse.ArgumentParser:
    """The command line parser, with the full parser of ``command`` (of every command when
    ``every``). When ``command`` names a command, its parser is the only one built (start-up
    time); without one, or with a word that names none, the other commands are listed with
    their help line, as ``dipcheck --help`` and argparse's "invalid choice" show them."""
    known = command in ("lint", "rule", "lsp") or command in COMMANDS

    def listed(name: str) -> bool:
        return every or not known or command == name

    parser = visible_parser(
        prog="dipcheck",
        description=DESCRIPTION,
        epilog=MAIN_EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"dipcheck {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    if listed("lint"):
        _add_lint(commands, full=every or command == "lint")
    if listed("rule"):
        _add_rule(commands)
    for name, (module, help_line) in COMMANDS.items():
        if every or command == name:
            importlib.import_module(module).add_parser(commands)
        elif not known:
            commands.add_parser(name, help=help_line, add_help=False)
    if listed("lsp"):
        # `dipcheck lsp` hands its options (--stdio, --help, --version) to the server's parser
        commands.add_parser(
            "lsp", help="run the language server (JSON-RPC over stdio)", add_help=False
        )
    return parser


def _add_lint(commands: argparse._SubParsersAction, *, full: bool) -> None:
    lint = commands.add_parser(
        "lint",
        help="check workflow files and directories",
        description="Check workflow files. A named file is always linted (a .dot file as a "
        "workflow, whatever it looks like). Directories are searched for .dip files, for .dot "
        "files that look like workflows and for YAML files that have the shape of a step "
        "workflow; the other files found are skipped and counted.",
        epilog=LINT_EPILOG,
        formatter_class=_Formatter,
    )
    lint.add_argument(
        "paths",
        nargs="*",
        default=["."],
        metavar="PATH",
        help="files or directories to check; `-` reads standard input (default: .)",
    )
    lint.add_argument(
        "--format",
        choices=tuple(FORMATS),
        default="text",
        help="output format (default: text, cargo style with source snippets)",
    )
    lint.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="the name (and directory, for file directives) of standard input",
    )
    lint.add_argument(
        "--select",
        action="append",
        metavar="CODES",
        help="only these rules (codes, names, groups such as routing or dippin, or prefixes; "
        "comma separated)",
    )
    lint.add_argument(
        "--extend-select",
        action="append",
        metavar="CODES",
        help="also these rules (e.g. ones that are off by default, or the group dippin)",
    )
    lint.add_argument("--ignore", action="append", metavar="CODES", help="skip these rules")
    lint.add_argument(
        "--fail-on",
        choices=("error", "warning", "info", "hint"),
        help="lowest severity that makes the exit status 1 (default: error)",
    )
    lint.add_argument(
        "--target-version",
        metavar="VERSION",
        help="the tracker release the workflows run on (default: 0.64; known: "
        + ", ".join(KNOWN_TARGETS)
        + "); rules whose truth depends on it follow it",
    )
    checks = lint.add_argument_group("what is checked")
    checks.add_argument(
        "--extra-models",
        metavar="SPEC",
        help='model ids to add to the catalog, "provider:m1,m2;provider2:m3" (DIP108)',
    )
    checks.add_argument(
        "--no-shell",
        action="store_true",
        help="do not hand tool commands to bash -n or shellcheck (skips DIP123 and DC207)",
    )
    checks.add_argument(
        "--no-env-checks",
        action="store_true",
        help="skip checks whose result depends on this machine (DIP125: is the command "
        "on PATH); for CI",
    )
    checks.add_argument(
        "--dialect",
        choices=("tracker", "attractor", "typed-outputs", "ordewell"),
        help="read the files named on the command line as this dialect (ordewell: Ordewell "
        "plans and planner replies, e.g. a .txt reply; the others: DOT pipelines), as a "
        "`dialect` glob would",
    )
    checks.add_argument(
        "--ordewell-runners",
        metavar="A,B",
        help="the runners Ordewell has enabled, for O05 (default claude-code,codex,opencode)",
    )
    lint.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when findings are reported"
    )
    lint.add_argument(
        "--config", metavar="FILE", help="use this configuration file instead of searching for one"
    )
    lint.add_argument(
        "--isolated",
        action="store_true",
        help="ignore every configuration file (not with --config)",
    )
    lint.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (default: auto; NO_COLOR is respected)",
    )
    lint.add_argument(
        "-o", "--output", metavar="FILE", help="write the report to FILE instead of standard output"
    )
    if full:
        from dipcheck.commands import lint as lint_command

        lint_command.add_arguments(lint)


def _add_rule(commands: argparse._SubParsersAction) -> None:
    rule = commands.add_parser(
        "rule",
        help="explain a rule, or list every rule",
        description="Print a rule's documentation: what it finds, why it matters, an example\n"
        "and the fix. Accepts a code (DIP005) or a name (unconditional-cycle); a code prefix\n"
        "(DC2, DIP1) or a group (routing) lists the rules it selects.",
        epilog=RULE_EPILOG,
        formatter_class=_Formatter,
    )
    rule.add_argument(
        "rule", nargs="?", metavar="CODE|NAME|PREFIX", help="the rule to explain, or a prefix"
    )
    rule.add_argument("--all", action="store_true", help="list every rule")
    rule.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default: text)"
    )


def _split(values: Sequence[str] | None) -> tuple[str, ...]:
    if not values:
        return ()
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def _lint(args: argparse.Namespace) -> int:
    from dipcheck.config import ConfigError

    try:
        if args.stdin_filename and os.path.isdir(args.stdin_filename):
            raise ConfigError(
                f"--stdin-filename: {quoted(args.stdin_filename)} is a directory; give the name "
                "of the file standard input stands for (its folder places the files it names)"
            )
        config = _lint_settings(args)
    except ConfigError as error:
        from dipcheck.terminal import visible_line

        print(visible_line(f"dipcheck: error: {error}"), file=sys.stderr)
        return EXIT_ERROR

    from dipcheck.commands import lint as lint_command

    return lint_command.run(args, config, lambda anchor: _lint_settings(args, anchor))


def _lint_settings(args: argparse.Namespace, anchor: str | None = None) -> Config:
    """The settings of a lint: the configuration file's closest to ``anchor`` (by default
    the first path; none with ``--isolated``, the one ``--config`` names) with the command
    line's options over them; a ConfigError when either is wrong. The files of other folders
    and ``--watch`` after a configuration file changed ask again."""
    from dipcheck.config import Config, ConfigError, load_config
    from dipcheck.diagnostics import Severity
    from dipcheck.rules import registry
    from dipcheck.target import parse_target

    paths: list[str] = args.paths
    if args.isolated:
        config = Config()
    else:
        if anchor is None:
            anchor = (
                args.stdin_filename
                if "-" in paths and args.stdin_filename
                else (paths[0] if paths else ".")
            )
        config = load_config(anchor, args.config)
    given: dict[str, tuple[str, ...]] = {}
    for option in ("select", "extend_select", "ignore"):
        selectors = given[option] = _split(getattr(args, option))
        for selector in dict.fromkeys(selectors):
            if not registry.select(selector):
                raise ConfigError(
                    f"--{option.replace('_', '-')}: no rule matches {quoted(selector)}"
                    + registry.nearest(selector)
                )
    # as ruff layers them: --select starts the selection again (the file's extend-select and
    # ignore go with its select); else --extend-select and --ignore add to the file's
    if given["select"]:
        config = replace(
            config,
            select=given["select"],
            extend_select=given["extend_select"],
            ignore=given["ignore"],
        )
    else:
        if given["extend_select"]:
            config = replace(config, extend_select=config.extend_select + given["extend_select"])
        if given["ignore"]:
            config = replace(config, ignore=config.ignore + given["ignore"])
    if args.fail_on:
        config = replace(config, fail_on=Severity.parse(args.fail_on))
    if args.target_version:
        try:
            config = replace(config, target=parse_target(args.target_version))
        except ValueError as error:
            raise ConfigError(f"--target-version: {error}") from None
    return _check_options(config, args)


def _check_options(config: Config, args: argparse.Namespace) -> Config:
    """Apply ``--extra-models``, ``--no-shell`` and ``--no-env-checks``."""
    from dipcheck.config import ConfigError

    if args.extra_models:
        from dipcheck.catalog import parse_extra_models

        try:
            extra = parse_extra_models(args.extra_models)
        except ValueError as error:
            raise ConfigError(f"--extra-models: {error}") from None
        config = replace(config, extra_models=config.extra_models + extra)
    if args.ordewell_runners:
        from dipcheck.frontends.ordewell import runner_list

        config = replace(config, ordewell_runners=runner_list(args.ordewell_runners))
    if args.dialect:
        import glob

        from dipcheck.model import Dialect

        named = [path for path in args.paths if path != "-"]
        if "-" in args.paths and args.stdin_filename:
            named.append(args.stdin_filename)
        globs = tuple((glob.escape(os.path.abspath(path)), Dialect(args.dialect)) for path in named)
        config = replace(config, dialects=globs + config.dialects)
    skipped = (("DIP123", "DC207") if args.no_shell else ()) + (
        ("DIP125",) if args.no_env_checks else ()
    )
    return replace(config, ignore=config.ignore + skipped) if skipped else config


def _rule(args: argparse.Namespace) -> int:
    import json

    from dipcheck.rules import registry

    if args.all and args.rule:
        print("dipcheck rule: error: give a code or name, or --all, not both", file=sys.stderr)
        return EXIT_ERROR
    if args.all:
        return _rule_list(registry.all_rules(), args.format)
    if not args.rule:
        print("dipcheck rule: give a code or name, or --all", file=sys.stderr)
        return EXIT_ERROR
    found = registry.get(args.rule)
    if found is None:
        # a code prefix (`DC2`, `DIP1`) or a group, as selection and suppression accept them:
        # the rules it names, listed (one alone is explained)
        chosen = registry.select(args.rule)
        if len(chosen) > 1:
            return _rule_list(chosen, args.format)
        if not chosen:
            print(
                f"dipcheck rule: no rule {quoted(args.rule)}{registry.nearest(args.rule)}; "
                "`dipcheck rule --all` lists them",
                file=sys.stderr,
            )
            return EXIT_ERROR
        found = chosen[0]
    if args.format == "json":
        print(json.dumps(_rule_dict(found), indent=2))
        return EXIT_OK
    lines = [
        f"{found.code} {found.name} ({found.severity.label}"
        f"{'' if found.enabled else ', off by default'})",
        "",
        found.summary,
        "",
        "Why:",
        _indent(registry.docs_links(found.rationale)),
        "",
        "Example:",
        _indent(found.example),
        "",
        "Fix:",
        _indent(registry.docs_links(found.fix)),
        "",
        f"Formats: {', '.join(sorted(found.formats))}",
        f"Automatic fix: {found.fix_summary}",
        f"Since: dipcheck {found.since}",
        f"More: {found.url}",
    ]
    print("\n".join(lines))
    return EXIT_OK


def _rule_list(rules: Sequence[Rule], output: str) -> int:
    """One line a rule (or, with ``--format json``, each rule's documentation)."""
    import json

    if output == "json":
        print(json.dumps([_rule_dict(item) for item in rules], indent=2))
        return EXIT_OK
    width = max(len(item.name) for item in rules)
    for item in rules:
        state = "" if item.enabled else "  (off by default)"
        print(
            f"{item.code:<7} {item.name:<{width}}  {item.severity.label:<7}  {item.summary}{state}"
        )
    return EXIT_OK


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def _rule_dict(rule: object) -> dict[str, object]:
    from dipcheck.rules.registry import Rule

    assert isinstance(rule, Rule)
    return {
        "code": rule.code,
        "name": rule.name,
        "severity": rule.severity.label,
        "enabled": rule.enabled,
        "summary": rule.summary,
        "rationale": rule.rationale,
        "example": rule.example,
        "fix": rule.fix,
        "formats": sorted(rule.formats),
        "fix_availability": rule.fix_availability,
        "fix_formats": sorted(rule.fixable_formats),
        "since": rule.since,
        "targets": None if rule.targets is None else sorted(rule.targets),
        "url": rule.url,
    }


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(_command(words))
    args, extra = parser.parse_known_args(words)
    if extra and args.command != "lsp":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "lint":
            return _lint(args)
        if args.command == "rule":
            return _rule(args)
        if args.command in COMMANDS:
            return int(importlib.import_module(COMMANDS[args.command][0]).run(args))
        if args.command == "lsp":
            from dipcheck_lsp.server import main as serve

            return serve(extra, prog="dipcheck lsp")
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except OutputUnwritable as error:  # -o FILE: a missing directory, a directory, no permission
        from dipcheck.terminal import visible_name

        prog = "dipcheck" if args.command == "lint" else f"dipcheck {args.command}"
        print(visible_name(f"{prog}: error: {error}"), file=sys.stderr)
        return EXIT_ERROR
    except MemoryError:  # not a bug: a limit (ulimit -v, a container's) below what the input needs
        print(
            f"dipcheck {args.command}: out of memory: the input needs more than this process "
            "may use (a smaller input, or for simulate a lower --max-steps, needs less)",
            file=sys.stderr,
        )
        return EXIT_ERROR
    except Exception:  # a bug: exit 2, as an internal error; 1 would read as findings
        import traceback

        from dipcheck.terminal import visible

        print(visible(traceback.format_exc()), end="", file=sys.stderr)
        print(f"dipcheck {args.command}: internal error (a bug in dipcheck)", file=sys.stderr)
        return EXIT_ERROR
    parser.print_help()
    return EXIT_ERROR

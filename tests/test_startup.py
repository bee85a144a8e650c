"""Start-up: a run imports only what it needs (issue 19 §3, benchmarks/startup.py).

Each test runs a fresh interpreter and reads ``sys.modules`` after the run, so an import added
at the top of a module that a light path reaches shows up here instead of as a slower start.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dipcheck import cli

PROJECT = Path(__file__).resolve().parents[1]
WORKFLOW = PROJECT / "fixtures" / "review_loop.dip"

# Never needed to lint a .dip file: the heavy libraries of other paths, the simulator, the
# language server, the drawing and conversion commands, and the reporters not chosen.
NEVER_FOR_DIP_LINT = (
    "pydantic",
    "networkx",
    "ruamel",
    "dipcheck_lsp",
    "dipcheck.simulate",
    "dipcheck.picture",
    "dipcheck.convert",
    "dipcheck.semdiff",
    "dipcheck.wftest",
    "dipcheck.fmt_cli",
    "dipcheck.report.sarif",
    "dipcheck.report.junit",
    "dipcheck.frontends.dot",  # a .dip file's children are .dip files here
    "dipcheck.frontends.dot_lexer",
    # the rule modules of other formats (registry.RULE_MODULES) and what they import
    "dipcheck.rules.ordewell",
    "dipcheck.rules.ordewell_context",
    "dipcheck.rules.steps",
    "dipcheck.rules.typed_outputs",
    "dipcheck.analysis.plan_facts",
    "dipcheck.plan",
    # importlib.resources and what it imports (the grammars are read with open())
    "importlib.resources",
    "zipfile",
    "ipaddress",
    # lark builds the grammar tables ahead of time (dipcheck.lalr runs them), and with it go
    # what it imports; dipcheck.records makes dipcheck's own classes without dataclasses
    "lark",
    "dataclasses",
    "inspect",
    "logging",
    "pickle",
    # standard modules a lint has no use for: argparse's terminal width and `which` (shutil,
    # with the compression modules), temporary files (only written when a verdict is new),
    # tracebacks (only a crash's DC000 names where it happened)
    "shutil",
    "tempfile",
    "traceback",
)
# Not needed either when every result comes from the cache: nothing is parsed or checked.
NEVER_FOR_CACHE_HIT = (
    *NEVER_FOR_DIP_LINT,
    "dipcheck.engine",
    "dipcheck.model",
    "dipcheck.frontends.dip",
    "dipcheck.analysis",
    "dipcheck.rules.context",
    "dipcheck.rules.structure",
    "dipcheck.workspace",
    "dipcheck.suppressions",
    "dipcheck.shelltools",
    "subprocess",
)


def imported_by(*arguments: str, cwd: Path) -> set[str]:
    """The modules a fresh ``dipcheck`` process has imported once it ran ``arguments``."""
    code = (
        "import contextlib, io, json, sys\n"
        "from dipcheck.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({list(arguments)!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, check=True
    )
    return set(json.loads(result.stdout))


@functools.cache
def bare_interpreter() -> frozenset[str]:
    """What this interpreter imports before any dipcheck code runs (``site``, and the hooks of
    an editable install, import some of the modules the lists name)."""
    code = "import json, sys; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return frozenset(json.loads(result.stdout)) - {"json", "json.decoder", "json.scanner"}


def offending(modules: set[str], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        name
        for name in modules - bare_interpreter()
        if any(name == item or name.startswith(item + ".") for item in forbidden)
    )


def test_a_lint_without_the_cache_imports_only_the_lint_path(tmp_path: Path) -> None:
    (tmp_path / "child.dip").write_text("workflow C\n  start: A\n  exit: A\n  agent A\n")
    (tmp_path / "parent.dip").write_text(
        "workflow P\n  start: S\n  exit: S\n  subgraph S\n    ref: child.dip\n"
    )
    words = ("lint", "--no-cache", str(WORKFLOW), "parent.dip")
    # the shell verdicts of the workflow's commands are kept across runs (--no-cache is the
    # result cache): a first run may judge new ones, in worker threads, whose module imports
    # logging and traceback; what is measured is a lint of text whose verdicts were judged
    imported_by(*words, cwd=tmp_path)
    modules = imported_by(*words, cwd=tmp_path)
    assert "dipcheck.rules.structure" in modules  # the file was linted
    assert "dipcheck.workspace" in modules  # and its child loaded
    assert offending(modules, NEVER_FOR_DIP_LINT) == []


def test_a_lint_served_by_the_cache_imports_no_front_end_and_no_rule(tmp_path: Path) -> None:
    cache = str(tmp_path / "cache")
    first = imported_by("lint", "--cache-dir", cache, str(WORKFLOW), cwd=tmp_path)
    assert "dipcheck.rules.structure" in first  # the first run lints and fills the cache
    modules = imported_by("lint", "--cache-dir", cache, str(WORKFLOW), cwd=tmp_path)
    assert "dipcheck.cache" in modules
    assert offending(modules, NEVER_FOR_CACHE_HIT) == []


def test_a_changed_file_is_linted_again_on_the_light_path(tmp_path: Path) -> None:
    workflow = tmp_path / "flow.dip"
    workflow.write_text(WORKFLOW.read_text(encoding="utf-8"), encoding="utf-8")
    cache = str(tmp_path / "cache")
    imported_by("lint", "--cache-dir", cache, str(workflow), cwd=tmp_path)
    with workflow.open("a", encoding="utf-8") as handle:
        handle.write("\n# changed\n")
    modules = imported_by("lint", "--cache-dir", cache, str(workflow), cwd=tmp_path)
    assert "dipcheck.rules.structure" in modules


def test_the_help_lists_every_command_as_their_own_parsers_describe_them() -> None:
    """The main help is built from cli.COMMANDS without importing the commands' modules; it
    must read as the help built from the modules themselves."""
    assert cli._parser().format_help() == cli._parser(every=True).format_help()


def help_of(parser: argparse.ArgumentParser, command: str) -> str:
    output = io.StringIO()
    with contextlib.redirect_stdout(output), pytest.raises(SystemExit):
        parser.parse_args([command, "--help"])
    return output.getvalue()


def test_each_command_gets_its_full_parser() -> None:
    for name in ("lint", "rule", *cli.COMMANDS):
        assert help_of(cli._parser(name), name) == help_of(cli._parser(every=True), name), name

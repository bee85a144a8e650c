"""Terminals are not scripts (issue 19 §1): workflow text printed to a terminal or to the text,
concise, JUnit and GitHub reports carries no raw control character — ESC, BEL, NUL and the
other C0/C1 controls but tab and newline show as visible ``\\xNN`` escapes — while JSON and
SARIF keep the real characters (JSON escapes them)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dipcheck

from dipcheck.terminal import visible, visible_name

RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# an OSC title change, BEL, a screen clear, a C1 CSI and NUL, on a line that does not parse
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x9b\x00"
WORKFLOW = (
    "workflow W\n  start: A\n  exit: B\n  agent A\n    label: A\n  agent B\n"
    f"    label: B\n  edges\n    A -> B\n    A -> Z{HOSTILE}\n"
)
SHOWN = "\\x1b]0;pwned\\x07\\x1b[2J\\x9b\\x00"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / f"n{HOSTILE[:-1]}.dip").write_text(WORKFLOW, encoding="utf-8")  # and its name
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "concise", "junit", "github"])
def test_reports_show_control_characters_as_escapes(project: Path, fmt: str) -> None:
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", fmt, ".", cwd=project)
    assert run.returncode == 1, run.stderr
    assert not RAW.findall(run.stdout.replace("\t", "")), RAW.findall(run.stdout)
    assert "\\x1b" in run.stdout
    assert "n\\x1b]0;pwned\\x07\\x1b[2J\\x9b.dip" in run.stdout  # the file name too


def test_the_snippet_caret_points_at_the_escaped_text(project: Path) -> None:
    run = dipcheck("lint", "--isolated", "--no-cache", "w.dip", cwd=project)
    lines = run.stdout.splitlines()
    (index,) = [i for i, line in enumerate(lines) if line.startswith("10 |")]
    snippet, caret = lines[index], lines[index + 1]
    assert snippet == f"10 |     A -> Z{SHOWN}"
    start = caret.index("^")
    assert snippet[start : start + caret.count("^")] == "\\x1b"  # the unexpected ESC


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_json_and_sarif_keep_the_real_characters(project: Path, fmt: str) -> None:
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", fmt, "w.dip", cwd=project)
    assert not RAW.findall(run.stdout)  # JSON escapes them itself …
    assert "\\u001b" in run.stdout  # … as \u001b, which decodes to the real character
    assert any("\x1b" in text for text in _strings(json.loads(run.stdout)))


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def test_simulate_verbose_escapes_the_prompt(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(
        "workflow W\n  start: A\n  exit: B\n  agent A\n"
        f"    prompt: Hello{HOSTILE[:-1]} there\n  agent B\n    label: B\n  edges\n    A -> B\n",
        encoding="utf-8",
    )
    run = dipcheck("simulate", "--verbose", "w.dip", cwd=tmp_path)
    assert "Hello\\x1b]0;pwned\\x07\\x1b[2J\\x9b there" in run.stdout
    assert not RAW.findall(run.stdout + run.stderr)


def test_configuration_errors_escape_what_they_quote(tmp_path: Path) -> None:
    (tmp_path / "dipcheck.toml").write_text('select = ["\\u001b[2JDC9"]\n', encoding="utf-8")
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n")
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert "\\x1b[2JDC9" in run.stderr
    assert not RAW.findall(run.stderr)


@pytest.mark.parametrize(
    ("toml", "shown"),
    [
        (
            '"a\\n::error::x\\u001b" = 1\n',
            "unknown key(s) 'a\\n::error::x\\x1b' (known: dialect, ",
        ),
        (
            'per-file-ignores = { "a\\n::error::x" = ["NOPE"] }\n',
            "`per-file-ignores.'a\\n::error::x'` names no known rule: 'NOPE'\n",
        ),
        (
            '[extra-models]\n"a\\n::error::x" = 3\n',
            "`extra-models.'a\\n::error::x'` must be a list of strings\n",
        ),
        (
            "".join(f"k{number} = 1\n" for number in range(1000)),
            "unknown key(s) 'k0', 'k1', 'k10', 'k100', 'k101', 'k102', 'k103', 'k104', 'k105', "
            "'k106' and 990 more (known: ",
        ),
    ],
)
def test_configuration_errors_quote_the_keys_they_name(
    tmp_path: Path, toml: str, shown: str
) -> None:
    """A key's line break started a line of its own (`::error::x`, a command to GitHub
    Actions), and every unknown key was listed, however many."""
    (tmp_path / "dipcheck.toml").write_text(toml, encoding="utf-8")
    (tmp_path / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n")
    run = dipcheck("lint", "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1
    assert shown in run.stderr
    assert len(run.stderr) < 400


def test_a_configuration_error_naming_a_directory_is_one_line(tmp_path: Path) -> None:
    """The error named the configuration file's path raw but for its controls: a directory
    `sub\\n::error file=x::boom` made `::error file=x::boom/dipcheck.toml: …` a line of its
    own on stderr, a command to GitHub Actions (graph, simulate, … wrote it as one line)."""
    directory = tmp_path / "sub\n::error file=x::boom"
    directory.mkdir()
    (directory / "dipcheck.toml").write_text("bogus = 1\n", encoding="utf-8")
    (directory / "w.dip").write_text("workflow W\n  start: A\n  exit: A\n  agent A\n")
    run = dipcheck("lint", directory / "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == (
        f"dipcheck: error: {tmp_path}/sub\\x0a::error file=x::boom/dipcheck.toml: unknown key(s) "
        "'bogus' (known: dialect, exclude, extend-select, extra-models, fail-on, format, "
        "ignore, include, ordewell-runners, per-file-ignores, select, severity, "
        "target-version)\n"
    )


def test_fmt_messages_escape_the_file_name(tmp_path: Path) -> None:
    unformatted = "workflow W\n  start: A\n  exit: A\n  agent A\n      label: A\n\n\n\n"
    (tmp_path / f"b{HOSTILE[:-1]}.dip").write_text(unformatted, encoding="utf-8")
    run = dipcheck("fmt", "--check", ".", cwd=tmp_path)
    assert "b\\x1b]0;pwned" in run.stdout + run.stderr
    assert not RAW.findall(run.stdout + run.stderr)


def test_visible_keeps_tab_newline_and_printable_text() -> None:
    assert visible("a\tb\nc ü 🚀") == "a\tb\nc ü 🚀"
    assert visible("\x00\x07\x1b\x7f\x85\x9f\r") == "\\x00\\x07\\x1b\\x7f\\x85\\x9f\\x0d"


def test_visible_name_shows_line_breaks_too() -> None:
    assert visible_name("a\tb\nc\rd ü.dip") == "a\tb\\x0ac\\x0dd ü.dip"


NAMED = HOSTILE[:-1]  # (a file name cannot hold NUL)
NAMED_SHOWN = "\\x1b]0;pwned\\x07\\x1b[2J\\x9b"


def test_the_cache_warning_escapes_the_directory_it_names(tmp_path: Path) -> None:
    """The result cache is beside the configuration file, in a directory a checkout names; a
    `.dipcheck_cache` committed as a symbolic link made the warning print its name raw."""
    directory = tmp_path / f"sub{NAMED}"
    directory.mkdir()
    (directory / "dipcheck.toml").write_text('select = ["DC"]\n', encoding="utf-8")
    (directory / "w.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (directory / ".dipcheck_cache").symlink_to(tmp_path)
    run = dipcheck("lint", f"sub{NAMED}/w.dip", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stderr == (
        f"dipcheck: warning: not using the cache in {tmp_path}/sub{NAMED_SHOWN}/.dipcheck_cache: "
        "it is a symbolic link\n"
    )


def test_messages_naming_a_path_given_escape_it(tmp_path: Path) -> None:
    """The paths a shell's `*` found: a directory without workflows, a missing test file, an
    output file in a missing directory were named raw."""
    (tmp_path / f"d{NAMED}").mkdir()
    (tmp_path / "w.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    empty = dipcheck("lint", "--isolated", f"d{NAMED}", cwd=tmp_path)
    assert empty.stderr.startswith(
        f"dipcheck: warning: no workflow found in d{NAMED_SHOWN}: nothing was linted"
    ), empty.stderr
    missing = dipcheck("test", f"d{NAMED}/w.tests.yaml", cwd=tmp_path)
    assert missing.stderr == (
        f"dipcheck test: error: d{NAMED_SHOWN}/w.tests.yaml: no such file or directory\n"
    )
    output = dipcheck("lint", "--isolated", "-o", f"d{NAMED}/x/r.txt", "w.dip", cwd=tmp_path)
    assert output.returncode == 2
    assert output.stderr == (
        f"dipcheck: error: cannot write d{NAMED_SHOWN}/x/r.txt: there is no directory "
        f"d{NAMED_SHOWN}/x; create it first\n"
    )


ANNOTATION = "a\n::error file=x::boom.dip"
# `A -> Z`: DIP003, with an unsafe fix to `B` (`A -> B` is left out: with it declared, the
# did-you-mean has no fix, which would make it twice)
FIXABLE = WORKFLOW.replace(HOSTILE, "").replace("    A -> B\n", "")


def _commands(output: str) -> list[str]:
    """The lines GitHub Actions would read as workflow commands."""
    return [line for line in output.splitlines() if line.startswith("::")]


@pytest.mark.parametrize("fmt", ["text", "concise"])
def test_a_line_break_in_a_file_name_is_shown_as_an_escape(tmp_path: Path, fmt: str) -> None:
    """A file named `a⏎::error file=x::boom.dip` made a line GitHub Actions reads as a
    command; a snippet's own lines are as they were."""
    (tmp_path / ANNOTATION).write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "b\r.dip").write_text(WORKFLOW, encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", fmt, ".", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert not _commands(run.stdout), run.stdout
    assert "a\\x0a::error file=x::boom.dip:" in run.stdout
    assert "b\\x0d.dip:" in run.stdout and "\r" not in run.stdout


def test_fmt_shows_a_line_break_in_a_file_name_as_an_escape(tmp_path: Path) -> None:
    """`dipcheck fmt --check .` in CI printed `would reformat ./a⏎::error file=x::boom.dip`:
    a line GitHub Actions reads as a command. So did its other messages naming a file."""
    unformatted = "workflow W\n  start: A\n  exit: A\n  agent A\n      label: A\n\n\n\n"
    (tmp_path / ANNOTATION).write_text(unformatted, encoding="utf-8")
    (tmp_path / "b\n::error file=y::.dot").write_text("digraph G {}\n", encoding="utf-8")
    checked = dipcheck("fmt", "--check", ".", "b\n::error file=y::.dot", cwd=tmp_path)
    assert checked.returncode == 2, checked.stderr
    assert checked.stdout == "would reformat ./a\\x0a::error file=x::boom.dip\n"
    assert checked.stderr.startswith(
        "dipcheck fmt: b\\x0a::error file=y::.dot: not a .dip file: fmt formats .dip workflows "
        "only (DOT and YAML files are left as they are); not formatted\n"
    )
    assert not _commands(checked.stdout + checked.stderr)
    (tmp_path / ANNOTATION).chmod(0o444)
    written = dipcheck("fmt", ".", cwd=tmp_path)
    assert written.returncode == 2
    assert written.stderr.startswith(
        "dipcheck fmt: ./a\\x0a::error file=x::boom.dip: not written: it is read-only; make "
        "it writable to change it\n"
    )
    assert not _commands(written.stdout + written.stderr)


def test_test_report_shows_a_line_break_in_a_file_name_as_an_escape(tmp_path: Path) -> None:
    """`dipcheck test` found `a⏎::error file=x::boom.tests.yaml` by its walk and named it raw
    in its report, its coverage and its --update message: lines GitHub Actions reads as
    commands."""
    stem = ANNOTATION.removesuffix(".dip")
    (tmp_path / ANNOTATION).write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (tmp_path / f"{stem}.tests.yaml").write_text(
        "tests:\n  - name: t\n    expect: {status: fail}\n", encoding="utf-8"
    )
    run = dipcheck("test", "--coverage", ".", cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert not _commands(run.stdout + run.stderr), run.stdout
    assert run.stdout.startswith("a\\x0a::error file=x::boom.tests.yaml::t FAILED\n")
    assert "\na\\x0a::error file=x::boom.tests.yaml:3: status: expected status 'fail'" in (
        run.stdout
    )
    assert "\ncoverage of a\\x0a::error file=x::boom.dip: " in run.stdout
    updated = dipcheck("test", "--update", ".", cwd=tmp_path)
    assert updated.stderr == "dipcheck test: updated ./a\\x0a::error file=x::boom.tests.yaml\n"
    assert not _commands(updated.stdout + updated.stderr), updated.stdout


BROKEN_ID = (
    'digraph G {\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  "a\n::error file=x::boom" '
    '[shape=box, prompt="p"]\n  start -> "a\n::error file=x::boom" -> exit\n'
    '  start -> "zz\n::warning file=y::ghost"\n}\n'
)


@pytest.mark.parametrize("fmt", ["text", "concise", "junit"])
def test_a_line_break_in_a_quoted_node_id_is_shown_as_an_escape(tmp_path: Path, fmt: str) -> None:
    """A DOT node id can hold a line break; messages quoting it printed it raw, so the line
    after it read `::error file=x::boom`: a command to GitHub Actions in the log of a CI lint.
    A message, note, fix or help is one line: its line breaks are shown as `\\x0a`."""
    (tmp_path / "g.dot").write_text(BROKEN_ID, encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", fmt, "g.dot", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert not _commands(run.stdout), run.stdout
    assert (
        "edge target `zz\\x0a::warning file=y::ghost` is not a declared node: an edge creates "
        "the node without a shape"
    ) in run.stdout


REPORTS = {
    "simulate": ("simulate", "g.dot"),
    "simulate --verbose": ("simulate", "--verbose", "g.dot"),
    "simulate --all-paths": ("simulate", "--all-paths", "g.dot"),
    "simulate --suggest-tests": ("simulate", "--all-paths", "--suggest-tests", "g.dot"),
    "diff": ("diff", "g.dot", "h.dot"),
    "diff --format markdown": ("diff", "--format", "markdown", "g.dot", "h.dot"),
    "test": ("test", "g.tests.yaml"),
}


@pytest.mark.parametrize("command", sorted(REPORTS))
def test_a_line_break_in_a_node_id_starts_no_line_of_a_report(tmp_path: Path, command: str) -> None:
    """simulate, diff and test reports (and the comments of suggested tests) printed a DOT
    node id with its line break: the next line read `::error file=x::boom`, a command to
    GitHub Actions. Each line they write is one line, its line breaks shown as `\\x0a`."""
    (tmp_path / "g.dot").write_text(BROKEN_ID, encoding="utf-8")
    (tmp_path / "h.dot").write_text(BROKEN_ID.replace("zz", "yy"), encoding="utf-8")
    (tmp_path / "g.tests.yaml").write_text(
        "tests:\n  - name: t\n    expect: {path: [start, exit]}\n", encoding="utf-8"
    )
    run = dipcheck(*REPORTS[command], cwd=tmp_path)
    assert run.returncode in (0, 1), run.stderr
    # (indented too: the runner reads a command after leading blanks)
    assert not [line for line in run.stdout.splitlines() if line.lstrip().startswith("::")]
    assert "\\x0a::" in run.stdout, run.stdout


def test_fix_output_shows_a_line_break_in_a_file_name_as_an_escape(tmp_path: Path) -> None:
    """The fix summary names it escaped; the diff quotes it as git does, which patch reads."""
    (tmp_path / ANNOTATION).write_text(FIXABLE, encoding="utf-8")
    command = ("lint", "--isolated", "--no-cache", "--unsafe-fixes", "--show-fixes", "--diff")
    run = dipcheck(*command, "--fix", ANNOTATION, cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert not _commands(run.stdout + run.stderr), run.stdout + run.stderr
    assert "- a\\x0a::error file=x::boom.dip:\n" in run.stderr
    assert run.stdout.startswith(
        '--- "a\\n::error file=x::boom.dip"\n+++ "a\\n::error file=x::boom.dip"\n'
    )
    if shutil.which("patch"):
        (tmp_path / "fix.patch").write_text(run.stdout, encoding="utf-8")
        subprocess.run(["patch", "-p0", "-i", "fix.patch"], cwd=tmp_path, check=True)
        assert "A -> Z" not in (tmp_path / ANNOTATION).read_text(encoding="utf-8")
    missing = dipcheck("lint", "--isolated", "a\n::error file=x::gone.dip", cwd=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr == (
        "dipcheck: error: a\\x0a::error file=x::gone.dip: no such file or directory\n"
    )


PROMPTED = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: {prompt}\n"
IN_PROMPT = "\x1b]0;pwned\x07\x1b[2J"  # a title change, BEL and a screen clear


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_diff_shows_control_characters_as_escapes(tmp_path: Path, fmt: str) -> None:
    (tmp_path / "a.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (tmp_path / "b.dip").write_text(PROMPTED.format(prompt=f"bye {IN_PROMPT}"), encoding="utf-8")
    run = dipcheck("diff", "--format", fmt, "a.dip", "b.dip", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert "bye \\x1b]0;pwned\\x07\\x1b[2J" in run.stdout
    assert not RAW.search(run.stdout)


def test_diff_json_keeps_the_real_characters(tmp_path: Path) -> None:
    (tmp_path / "a.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (tmp_path / "b.dip").write_text(PROMPTED.format(prompt=f"bye {IN_PROMPT}"), encoding="utf-8")
    run = dipcheck("diff", "--format", "json", "a.dip", "b.dip", cwd=tmp_path)
    assert json.loads(run.stdout)["changes"][0]["new"] == f"bye {IN_PROMPT}"


C1_AND_BIDI = "\x9b2J\x85\u202e"  # a C1 CSI, NEL and a right-to-left override: JSON keeps them


@pytest.mark.parametrize("command", ["diff", "test"])
def test_json_of_diff_and_test_on_a_terminal_shows_the_controls_json_keeps(
    tmp_path: Path, command: str
) -> None:
    """JSON escapes the C0 controls but keeps C1 and bidirectional ones: `diff --format json`
    and `test --format json` wrote them raw to a terminal (lint and simulate show them as
    escapes there); to a pipe they stay exact."""
    (tmp_path / "a.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (tmp_path / "b.dip").write_text(PROMPTED.format(prompt=f"bye {C1_AND_BIDI}"), encoding="utf-8")
    (tmp_path / "a.tests.yaml").write_text(
        'tests:\n  - name: "odd \\x9b2J\\N\\u202e"\n    expect: {status: fail}\n',  # (escaped)
        encoding="utf-8",
    )
    arguments = (
        ("diff", "--format", "json", "a.dip", "b.dip")
        if command == "diff"
        else ("test", "--format", "json", "a.tests.yaml")
    )
    shown = _on_a_terminal(arguments, tmp_path).decode("utf-8")
    assert "\\x9b2J\\x85\\u202e" in shown, shown
    assert not RAW.search(shown.replace("\r", "").replace("\n", "")), RAW.findall(shown)
    assert "\u202e" not in shown
    piped = dipcheck(*arguments, cwd=tmp_path)
    assert C1_AND_BIDI in piped.stdout, piped.stdout


def test_test_report_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (tmp_path / "w.tests.yaml").write_text(
        'tests:\n  - name: "odd \\e]0;pwned\\a"\n    expect: {status: fail}\n', encoding="utf-8"
    )
    run = dipcheck("test", cwd=tmp_path)
    assert "odd \\x1b]0;pwned\\x07" in run.stdout, run.stdout + run.stderr
    assert not RAW.search(run.stdout)


# Data written to standard output: a diff to apply, a converted workflow, a graph's source.
# badly indented (fmt), `$repo` (DC331, fixed by --unsafe-fixes), the text in a label (graph)
UNFORMATTED = (
    "workflow W\n  start: A\n  exit: A\n  vars\n    repo: api\n  agent A\n"
    "      label: {text}\n      prompt: {text}\n"
)
DATA_COMMANDS = {
    "fmt --diff": ("fmt", "--diff", "w.dip"),
    "lint --fix --diff": (
        *("lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", "--diff", "w.dip"),
    ),
    "convert": ("convert", "--to", "dot", "w.dip"),
    "graph": ("graph", "--format", "dot", "w.dip"),
}


def _on_a_terminal(
    arguments: tuple[str, ...], cwd: Path, colour: bool = False, stdin: Path | None = None
) -> bytes:
    """What ``dipcheck ARGUMENTS`` writes when its standard output is a terminal (a pty);
    ``colour``: without ``NO_COLOR`` in the environment (else with it); ``stdin``: a file to
    read standard input from."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    source = stdin.open("rb") if stdin is not None else None
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "dipcheck", *arguments],
            cwd=cwd,
            stdin=source if source is not None else subprocess.DEVNULL,
            stdout=follower,
            stderr=subprocess.DEVNULL,
            env={
                **{key: value for key, value in os.environ.items() if key != "NO_COLOR"},
                **({} if colour else {"NO_COLOR": "1"}),
            },
        )
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the pty closes when the process ends
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
    finally:
        os.close(leader)
        if source is not None:
            source.close()
    return b"".join(chunks)


@pytest.mark.parametrize("command", sorted(DATA_COMMANDS))
def test_data_on_a_terminal_shows_control_characters_as_escapes(
    tmp_path: Path, command: str
) -> None:
    (tmp_path / "w.dip").write_text(
        UNFORMATTED.format(text=f'"a {IN_PROMPT} $repo"'), encoding="utf-8"
    )
    shown = _on_a_terminal(DATA_COMMANDS[command], tmp_path).decode("utf-8")
    assert "\\x1b]0;pwned\\x07\\x1b[2J" in shown, shown
    assert not RAW.search(shown.replace("\r", "").replace("\t", "")), RAW.findall(shown)


@pytest.mark.parametrize("command", sorted(DATA_COMMANDS))
def test_data_to_a_pipe_keeps_every_character(tmp_path: Path, command: str) -> None:
    """The twin: redirected, the same output is exact (``patch`` applies the diff)."""
    (tmp_path / "w.dip").write_text(
        UNFORMATTED.format(text=f'"a {IN_PROMPT} $repo"'), encoding="utf-8"
    )
    run = dipcheck(*DATA_COMMANDS[command], cwd=tmp_path)
    assert IN_PROMPT in run.stdout, run.stdout + run.stderr


# the workflow read from standard input and written back to standard output
STDIN_COMMANDS = {
    "fmt -": ("fmt", "-"),
    "lint --fix -": ("lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", "-"),
}


@pytest.mark.parametrize("command", sorted(STDIN_COMMANDS))
def test_data_from_standard_input_on_a_terminal_shows_control_characters_as_escapes(
    tmp_path: Path, command: str
) -> None:
    """``fmt -`` and ``lint --fix -`` wrote the workflow back raw to a terminal."""
    (tmp_path / "w.dip").write_text(
        UNFORMATTED.format(text=f'"a {IN_PROMPT} $repo"'), encoding="utf-8"
    )
    shown = _on_a_terminal(STDIN_COMMANDS[command], tmp_path, stdin=tmp_path / "w.dip")
    text = shown.decode("utf-8")
    assert '"a \\x1b]0;pwned\\x07\\x1b[2J $' in text, text
    assert not RAW.search(text.replace("\r", "").replace("\t", "")), RAW.findall(text)
    piped = dipcheck(
        *STDIN_COMMANDS[command],
        cwd=tmp_path,
        stdin=UNFORMATTED.format(text=f'"a {IN_PROMPT} $repo"'),
    )
    assert f'"a {IN_PROMPT} $' in piped.stdout, piped.stdout + piped.stderr


def test_unreadable_standard_input_passed_through_by_fix_shows_escapes_on_a_terminal(
    tmp_path: Path,
) -> None:
    """``lint --fix -`` passes input that is not UTF-8 through as it was: byte for byte to a
    pipe, with its control characters shown as escapes on a terminal (they were raw)."""
    (tmp_path / "in.bin").write_bytes(b"\xff\x1b[2J\n")
    arguments = ("lint", "--isolated", "--no-cache", "--fix", "-")
    shown = _on_a_terminal(arguments, tmp_path, stdin=tmp_path / "in.bin").decode("utf-8")
    assert shown.startswith("\ufffd\\x1b[2J\r\n"), shown
    assert not RAW.search(shown.replace("\r", "")), RAW.findall(shown)
    with (tmp_path / "in.bin").open("rb") as source:
        piped = subprocess.run(
            [sys.executable, "-m", "dipcheck", *arguments],
            cwd=tmp_path,
            stdin=source,
            capture_output=True,
            check=False,
        )
    assert piped.stdout == b"\xff\x1b[2J\n"


def test_bidirectional_controls_are_shown_as_escapes(tmp_path: Path) -> None:
    """A right-to-left override in quoted text would make the terminal show the rest of the
    line reversed ("Trojan Source"): it is shown as ``\\u202e``."""
    (tmp_path / "w.dip").write_text(
        'workflow W\n  start: A\n  exit: A\n  agent A\n    prompt_file: "\u202eevil.md"\n',
        encoding="utf-8",
    )
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", "concise", "w.dip", cwd=tmp_path)
    assert "`\\u202eevil.md` does not exist" in run.stdout, run.stdout
    assert "\u202e" not in run.stdout
    assert visible("\u200e\u200f\u202a\u202e\u2066\u2069") == (
        "\\u200e\\u200f\\u202a\\u202e\\u2066\\u2069"
    )
    assert visible("العربية עברית") == "العربية עברית"  # right-to-left text itself stays


@pytest.mark.parametrize("fmt", ["text", "concise", "github"])
def test_line_separators_and_the_arabic_letter_mark_are_shown_as_escapes(
    tmp_path: Path, fmt: str
) -> None:
    """U+2028 and U+2029 end a line for a reader that splits the report with Python's
    ``splitlines`` (a quoted name could make a line of its own: `::error …` for GitHub), and
    U+061C is a bidirectional mark like U+200E/F: all three were printed raw."""
    (tmp_path / "w.dip").write_text(
        'workflow W\n  start: A\n  exit: A\n  agent A\n    prompt_file: "a\u2028::error'
        ' file=x::boom\u2029\u061c.md"\n',
        encoding="utf-8",
    )
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", fmt, "w.dip", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert "a\\u2028::error file=x::boom\\u2029\\u061c.md" in run.stdout.replace("%3A", ":")
    assert not re.search("[\u2028\u2029\u061c]", run.stdout), run.stdout
    assert not [line for line in run.stdout.splitlines() if line.startswith("::error file=x")]
    assert visible("\u2028\u2029\u061c") == "\\u2028\\u2029\\u061c"
    assert visible_name("a\u2028b.dip") == "a\\u2028b.dip"


# the report's own colour codes: select graphic rendition, ESC [ numbers m
_COLOUR = re.compile("\x1b\\[[0-9;]*m")


@pytest.mark.parametrize("colour", [True, False])
@pytest.mark.parametrize("fmt", ["text", "concise"])
def test_a_report_on_a_terminal_keeps_its_colours_and_escapes_the_rest(
    project: Path, fmt: str, colour: bool
) -> None:
    """The report's colour codes reach the terminal as codes, not as ``\\x1b[1;31m`` text
    (they did: the whole report was escaped once more on its way to a terminal), while the
    control characters of the file are still shown as escapes."""
    arguments = ("lint", "--isolated", "--no-cache", "--format", fmt, "w.dip")
    shown = _on_a_terminal(arguments, project, colour).decode("utf-8")
    assert "unexpected `\\x1b`" in shown  # the ESC of the file, escaped
    assert bool(_COLOUR.search(shown)) is (colour and fmt == "text")  # (concise: never)
    assert "\\x1b[0m" not in shown and "\\x1b[1;" not in shown
    rest = _COLOUR.sub("", shown).replace("\r", "").replace("\t", "")
    assert not RAW.search(rest), RAW.findall(rest)


def _plan(tmp_path: Path) -> Path:
    """An Ordewell plan whose ids and titles carry the hostile text (the plan's own text)."""
    task = {"type": "ai", "assignedRunner": "codex", "autonomy": "AFK", "sliceType": "AFK"}
    plan = {
        "tasks": [
            {**task, "id": f"a{HOSTILE}", "title": f"T{HOSTILE}", "prompt": "do a"},
            {**task, "id": "b", "title": "B", "prompt": "do b", "dependencies": [f"a{HOSTILE}"]},
        ]
    }
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    return path


def test_a_plan_simulation_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    run = dipcheck("simulate", "--isolated", _plan(tmp_path).name, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"  a{SHOWN} (task 0 “T{SHOWN}”)" in run.stdout, run.stdout
    assert "    receives the output of a" + SHOWN in run.stdout
    assert not RAW.search(run.stdout.replace("\n", ""))


def test_an_error_quoting_a_name_with_a_line_break_is_one_line(tmp_path: Path) -> None:
    """`dipcheck simulate: error: s.yaml:2:3: no node `zz⏎::error file=s::x`…` printed the
    scenario's node name with its line break: the error is one line, the break `\\x0a`."""
    (tmp_path / "w.dip").write_text(PROMPTED.format(prompt="hi"), encoding="utf-8")
    (tmp_path / "s.yaml").write_text(
        'nodes:\n  "zz\\n::error file=s::x": {outcome: fail}\n', encoding="utf-8"
    )
    run = dipcheck("simulate", "--scenario", "s.yaml", "w.dip", cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == (
        "dipcheck simulate: error: s.yaml:2:3: no node `zz\\x0a::error file=s::x` in the workflow\n"
    )


def test_a_line_break_in_a_task_id_starts_no_line_of_the_plan_simulation(
    tmp_path: Path,
) -> None:
    """A task id or title holding a line break started a line `::error file=x::boom` of the
    plan simulation's text (a command to GitHub Actions); it is shown as `\\x0a`."""
    task = {"type": "ai", "assignedRunner": "codex", "autonomy": "AFK", "sliceType": "AFK"}
    plan = {
        "tasks": [
            {**task, "id": "a\n::error file=x::boom", "title": "T\n::warning::t", "prompt": "a"},
            {
                **task,
                "id": "b",
                "title": "B",
                "prompt": "b",
                "dependencies": ["a\n::error file=x::boom"],
            },
        ]
    }
    (tmp_path / "plan.json").write_text(json.dumps(plan), encoding="utf-8")
    run = dipcheck("simulate", "--isolated", "plan.json", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert not [line for line in run.stdout.splitlines() if line.lstrip().startswith("::")]
    assert "  a\\x0a::error file=x::boom (task 0 “T\\x0a::warning::t”)\n" in run.stdout


def test_a_plan_simulation_as_json_on_a_terminal_shows_them_and_to_a_pipe_keeps_them(
    tmp_path: Path,
) -> None:
    _plan(tmp_path)
    shown = _on_a_terminal(("simulate", "--isolated", "--format", "json", "plan.json"), tmp_path)
    text = shown.decode("utf-8")
    assert "\\x9b" in text and not RAW.search(text.replace("\r", "").replace("\n", "")), text
    piped = dipcheck("simulate", "--isolated", "--format", "json", "plan.json", cwd=tmp_path)
    assert json.loads(piped.stdout)["waves"][0][0] == f"a{HOSTILE}"


BIDI_CHOICES = (
    "workflow W\n  start: H\n  exit: B\n  human H\n    label: H\n    mode: choice\n"
    "  agent B\n    label: B\n  agent C\n    label: C\n  edges\n"
    '    H -> B  label: "ok\u202e"\n    H -> C  label: "no"\n    C -> B\n'
)


def test_suggested_tests_on_a_terminal_show_bidirectional_controls(tmp_path: Path) -> None:
    """The suggested tests are data (YAML to append to a file): exact in a pipe, and on a
    terminal shown like any other output (a right-to-left override was sent raw)."""
    (tmp_path / "w.dip").write_text(BIDI_CHOICES, encoding="utf-8")
    command = ("simulate", "--isolated", "--all-paths", "--suggest-tests", "w.dip")
    shown = _on_a_terminal(command, tmp_path).decode("utf-8")
    assert "ok\\u202e" in shown and "\u202e" not in shown, shown
    piped = dipcheck(*command, cwd=tmp_path)
    assert "ok\u202e" in piped.stdout, piped.stdout


CONVERTIBLE = (
    "digraph G {\n  start [shape=Mdiamond, label=Start]\n  exit [shape=Msquare, label=Exit]\n"
    '  a [label=A, prompt="Do"]\n  start -> a\n  a -> exit\n}\n'
)


def test_convert_names_files_on_one_line(tmp_path: Path) -> None:
    """convert's parity and note lines printed the file name as it was: a DOT file named
    `m<newline>::error file=x::boom.dot` made a line `::error file=x::boom.dip lowers to …`,
    which GitHub Actions reads as a command in a CI log. Names are shown with visible_name."""
    name = "m\n::error file=x::boom.dot"
    (tmp_path / name).write_text(CONVERTIBLE, encoding="utf-8")
    run = dipcheck("convert", "--to", "dip", name, cwd=tmp_path)
    assert run.returncode == 0
    assert run.stderr == (
        "parity: m\\x0a::error file=x::boom.dip lowers to the same workflow as "
        "m\\x0a::error file=x::boom.dot with the same findings\n"
    )
    (tmp_path / "plain.dot").write_text(CONVERTIBLE, encoding="utf-8")
    twin = dipcheck("convert", "--to", "dip", "plain.dot", cwd=tmp_path)
    assert twin.stderr == (
        "parity: plain.dip lowers to the same workflow as plain.dot with the same findings\n"
    )


SVG_WORKFLOW = (
    'workflow W\n  start: A\n  exit: B\n  agent A\n    label: "lab\x1b[31mRED\x07\x9b31m"\n'
    '  agent B\n    label: "\u202eevil"\n  edges\n    A -> B  label: "e\x1b]0;TITLE\x07"\n'
)


def test_an_svg_shows_no_raw_control_character_and_is_well_formed_xml(tmp_path: Path) -> None:
    """Graphviz copies label text into the SVG as it is: on a terminal ESC and BEL came out
    raw (a title change), and the file written with -o was not XML (XML 1.0 forbids them).
    The characters XML forbids are drawn as their control pictures (ESC as ␛)."""
    import xml.dom.minidom

    (tmp_path / "w.dip").write_text(SVG_WORKFLOW, encoding="utf-8")
    shown = _on_a_terminal(("graph", "w.dip", "--format", "svg"), tmp_path).decode("utf-8")
    assert "lab\u241b[31mRED\u2407\\x9b31m" in shown, shown
    assert "e\u241b]0;TITLE\u2407" in shown
    assert not RAW.search(shown.replace("\r", "").replace("\t", "")), RAW.findall(shown)
    written = dipcheck("graph", "w.dip", "--format", "svg", "-o", "w.svg", cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    document = xml.dom.minidom.parse(str(tmp_path / "w.svg"))
    texts = [node.firstChild.data for node in document.getElementsByTagName("text")]
    assert "e\u241b]0;TITLE\u2407" in texts, texts
    # the twin: the DOT text, a file the user asked for, keeps every character
    dot = dipcheck("graph", "w.dip", "--format", "dot", cwd=tmp_path)
    assert "e\x1b]0;TITLE\x07" in dot.stdout


# what a command line can hold of HOSTILE (no NUL), and how it is shown
TYPED, TYPED_SHOWN = HOSTILE[:-1], SHOWN[: -len("\\x00")]


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (
            ("lint", f"--x{TYPED}", "w.dip"),
            f"dipcheck: error: unrecognized arguments: --x{TYPED_SHOWN}",
        ),
        (
            ("lint", f"--f={TYPED}", "w.dip"),
            f"dipcheck lint: error: ambiguous option: --f={TYPED_SHOWN} could match --format, "
            "--fail-on, --fix",
        ),
        (
            ("simulate", "w.dip", f"--{TYPED}"),
            f"dipcheck: error: unrecognized arguments: --{TYPED_SHOWN}",
        ),
        (("lsp", f"--{TYPED}"), f"dipcheck lsp: error: unrecognized arguments: --{TYPED_SHOWN}"),
        (("rule", f"--all{TYPED}"), f"dipcheck: error: unrecognized arguments: --all{TYPED_SHOWN}"),
    ],
)
def test_usage_errors_show_what_was_typed_with_escapes(
    project: Path, words: tuple[str, ...], said: str
) -> None:
    # argparse quotes the word it did not know; the escape sequence in it reached the terminal
    # (a command line holds no NUL)
    run = dipcheck(*words, cwd=project)
    assert run.returncode == 2
    assert RAW.search(run.stderr) is None
    assert run.stderr.splitlines()[-1] == said

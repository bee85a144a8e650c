"""What a newcomer tripped on in the command line (issue 19 §2), each run as a process."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import FIXTURES, dipcheck

CLEAN = FIXTURES / "review_loop.dip"


# -- a path that holds no workflow ------------------------------------------------------------


def test_an_empty_directory_says_nothing_was_linted(tmp_path: Path) -> None:
    result = dipcheck("lint", tmp_path, "--no-cache")
    # ruff's choice: a warning, exit 0 (a tree without workflows yet is not a failure)
    assert result.returncode == 0
    assert result.stdout == "No files checked.\n"
    assert "All checks passed" not in result.stdout
    assert result.stderr == (
        f"dipcheck: warning: no workflow found in {tmp_path}: nothing was linted (dipcheck "
        "lints .dip files, DOT pipelines, YAML step workflows and Ordewell plans)\n"
    )


def test_a_directory_of_drawings_and_plain_yaml_says_nothing_was_linted(tmp_path: Path) -> None:
    (tmp_path / "picture.dot").write_text("digraph G { a -> b }\n")
    (tmp_path / "config.yaml").write_text("name: x\nretries: 3\n")
    result = dipcheck("lint", tmp_path, "--no-cache", "--format", "json")
    assert result.returncode == 0
    assert '"files": []' in result.stdout
    assert "nothing was linted" in result.stderr
    fixed = dipcheck("lint", tmp_path, "--no-cache", "--diff")
    assert "nothing was linted" in fixed.stderr


def test_a_named_file_that_is_no_workflow_is_skipped_not_checked(tmp_path: Path) -> None:
    # JSON that is not an Ordewell plan, YAML without steps: "All checks passed (1 file
    # checked)" before, for a file nothing was checked in
    (tmp_path / "package.json").write_text('{"name": "x"}\n')
    (tmp_path / "config.yaml").write_text("name: x\nretries: 3\n")
    result = dipcheck("lint", "package.json", "config.yaml", "--no-cache", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == "No files checked (2 skipped: not workflows).\n"
    assert result.stderr == (
        "dipcheck: warning: no workflow found in package.json, config.yaml: nothing was linted "
        "(dipcheck lints .dip files, DOT pipelines, YAML step workflows and Ordewell plans)\n"
    )
    report = dipcheck("lint", "package.json", CLEAN, "--no-cache", "--format", "json", cwd=tmp_path)
    assert '"files": 1,' in report.stdout and '"skipped": 1' in report.stdout


def test_standard_input_that_is_no_workflow_is_skipped_not_checked(tmp_path: Path) -> None:
    result = dipcheck("lint", "--no-cache", "--stdin-filename", "x.yaml", "-", stdin="a: 1\n")
    assert (result.returncode, result.stdout) == (
        0,
        "No files checked (1 skipped: not a workflow).\n",
    )
    assert result.stderr == (
        "dipcheck: warning: no workflow found in x.yaml: nothing was linted (dipcheck lints .dip "
        "files, DOT pipelines, YAML step workflows and Ordewell plans)\n"
    )


def test_the_twin_a_named_plan_is_checked(tmp_path: Path) -> None:
    (tmp_path / "plan.json").write_text('{"tasks": [{"id": "T1", "title": "Do it"}]}\n')
    result = dipcheck("lint", "plan.json", "--no-cache", "--dialect", "ordewell", cwd=tmp_path)
    assert "1 file checked" in result.stdout
    assert "nothing was linted" not in result.stderr


def test_quiet_keeps_the_warning_out(tmp_path: Path) -> None:
    result = dipcheck("lint", tmp_path, "--no-cache", "-q")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_workflow_has_no_warning() -> None:
    result = dipcheck("lint", CLEAN, "--no-cache")
    assert result.stdout == "All checks passed (1 file checked).\n"
    assert "nothing was linted" not in result.stderr


# -- --show-settings shows every setting --------------------------------------------------------

SETTINGS = """\
[tool.dipcheck]
extra-models = "acme:m1,m2"
fail-on = "warning"

[tool.dipcheck.dialect]
"engine/*.dot" = "typed-outputs"

[tool.dipcheck.severity]
DIP004 = "warning"
"""


def test_show_settings_names_every_configuration_key(tmp_path: Path) -> None:
    import json
    import tomllib

    from dipcheck.config import KNOWN_KEYS

    (tmp_path / "dipcheck.toml").write_text(SETTINGS)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "review.dot").write_text((FIXTURES / "dot" / "review.dot").read_text())
    shown = dipcheck(
        "lint", "--show-settings", "--format", "json", "engine/review.dot", cwd=tmp_path
    )
    data = json.loads(shown.stdout)
    assert set(data["settings"]) == KNOWN_KEYS
    assert data["settings"]["extra-models"] == {"acme": ["m1", "m2"]}
    assert data["settings"]["dialect"] == {"engine/*.dot": "typed-outputs"}
    assert data["for-this-file"]["dialect"] == "typed-outputs"
    text = dipcheck("lint", "--show-settings", "engine/review.dot", cwd=tmp_path).stdout
    assert "# DOT dialect: typed-outputs" in text
    # the text output is the configuration itself: it reads back as the same settings
    table = tomllib.loads(text)["tool"]["dipcheck"]
    assert set(table) == KNOWN_KEYS
    assert table["dialect"] == {"engine/*.dot": "typed-outputs"}
    assert table["extra-models"] == {"acme": ["m1", "m2"]}
    assert table["severity"] == {"DIP004": "warning"}


def test_show_settings_of_a_dip_file_names_no_dialect(tmp_path: Path) -> None:
    import json

    shown = dipcheck("lint", "--isolated", "--show-settings", "--format", "json", CLEAN)
    assert json.loads(shown.stdout)["for-this-file"]["dialect"] is None
    assert "# DOT dialect" not in dipcheck("lint", "--isolated", "--show-settings", CLEAN).stdout


# -- standard input without --stdin-filename --------------------------------------------------


def _concise(result_stdout: str, name: str) -> list[str]:
    """The finding lines with the file name replaced (``<stdin>`` or the path)."""
    return [
        line.replace(name, "F", 1) for line in result_stdout.splitlines() if line.startswith(name)
    ]


def test_a_dot_file_on_stdin_is_read_as_dot() -> None:
    path = FIXTURES / "dot" / "broken.dot"
    named = dipcheck("lint", "--no-cache", "--format", "concise", path)
    piped = dipcheck("lint", "--no-cache", "--format", "concise", "-", stdin=path.read_text())
    assert "DIP005 [error]" in piped.stdout
    assert "DC001" not in piped.stdout  # it used to be parsed as .dip: a syntax error per line
    assert _concise(piped.stdout, "<stdin>") == _concise(named.stdout, str(path))
    assert piped.returncode == named.returncode == 1


def test_a_step_workflow_on_stdin_is_read_as_yaml() -> None:
    path = FIXTURES / "steps" / "broken_flow.yaml"
    named = dipcheck("lint", "--no-cache", "--format", "concise", path)
    piped = dipcheck("lint", "--no-cache", "--format", "concise", "-", stdin=path.read_text())
    assert _concise(piped.stdout, "<stdin>") == _concise(named.stdout, str(path))
    assert _concise(piped.stdout, "<stdin>")


def test_a_dip_file_on_stdin_is_still_read_as_dip() -> None:
    piped = dipcheck("lint", "--no-cache", "--format", "concise", "-", stdin=CLEAN.read_text())
    # only the file directives, which need a directory, are reported
    assert {line.split(" ")[1] for line in _concise(piped.stdout, "<stdin>")} == {"DC003"}


def test_fmt_refuses_a_dot_file_on_stdin() -> None:
    piped = dipcheck("fmt", "-", stdin=(FIXTURES / "dot" / "review.dot").read_text())
    assert piped.returncode == 2
    assert piped.stdout == ""
    assert piped.stderr == (
        "dipcheck fmt: <stdin>: a DOT workflow, not .dip: fmt formats .dip workflows only; "
        "not formatted\n"
    )


def test_sniffing_a_text_without_a_name() -> None:
    from dipcheck.engine import sniff_format

    assert sniff_format("// pipeline\n/* v2 */\nstrict digraph G { a -> b }\n") == "dot"
    assert sniff_format("  DiGraph G {}") == "dot"
    assert sniff_format("name: review\nsteps:\n  - name: plan\n") == "yaml"
    assert sniff_format("# a graph of agents\nworkflow W\n  start: A\n") == "dip"
    assert sniff_format("workflow A\n  start: A\n---\nworkflow B\n  start: B\n") == "dip"
    assert sniff_format("workflow W\n  goal: draw a digraph\n") == "dip"


# -- --statistics explains its marks ------------------------------------------------------------


def test_statistics_has_a_legend_only_for_the_marks_it_shows(tmp_path: Path) -> None:
    (tmp_path / "w.dip").write_text(
        "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: Use ${ctx.nothing}.\n"
        "  agent B\n    label: B\n  edges\n    A -> Bee  when ctx.outcome = fail\n    A -> B\n"
    )
    shown = dipcheck("lint", "--isolated", "--no-cache", "--statistics", "w.dip", cwd=tmp_path)
    lines = shown.stdout.splitlines()
    assert any(line.endswith("[-]") for line in lines)
    assert lines[-2:] == ["", "[-] fixed only by `--fix --unsafe-fixes` (fixes to review)"]
    assert not any(line.startswith("[*]") for line in lines)
    # the twin: nothing fixable, no marks, no legend
    (tmp_path / "w.dip").write_text(
        "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: Use ${ctx.nothing}.\n"
        "  agent B\n    label: B\n  edges\n    A -> B\n"
    )
    plain = dipcheck("lint", "--isolated", "--no-cache", "--statistics", "w.dip", cwd=tmp_path)
    assert plain.stdout and "[" not in plain.stdout


# -- --watch without watchfiles says how to get it -------------------------------------------------


def test_watch_without_watchfiles_gives_an_install_command_that_works(tmp_path: Path) -> None:
    import sys

    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "watchfiles.py").write_text("raise ImportError('not installed')\n")
    result = dipcheck("lint", "--watch", CLEAN, env={"PYTHONPATH": str(shim)})
    assert result.returncode == 2
    # dipcheck is not on PyPI: `pip install 'dipcheck[watch]'` cannot work
    assert "dipcheck[watch]" not in result.stderr
    assert result.stderr == (
        "dipcheck: error: --watch needs the watchfiles package, which the Python dipcheck runs "
        f"on does not have: `{sys.executable} -m pip install watchfiles` (installed with pipx: "
        "`pipx inject dipcheck watchfiles`)\n"
    )


# -- -o FILE that cannot be written ----------------------------------------------------------


def test_an_output_file_in_a_missing_directory_is_a_usage_error(tmp_path: Path) -> None:
    # every command's -o: a message that names the directory (it was a traceback, exit 1)
    missing = tmp_path / "reports" / "out.txt"
    runs = {
        "dipcheck": ("lint", CLEAN, "--no-cache"),
        "dipcheck simulate": ("simulate", CLEAN),
        "dipcheck graph": ("graph", CLEAN),
        "dipcheck diff": ("diff", CLEAN, CLEAN),
        "dipcheck test": ("test", FIXTURES / "wftest" / "review.dip"),
    }
    for prog, words in runs.items():
        result = dipcheck(*words, "-o", missing)
        assert result.returncode == 2, prog
        assert result.stderr == (
            f"{prog}: error: cannot write {missing}: there is no directory "
            f"{missing.parent}; create it first\n"
        ), prog
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "reports").exists()


def test_an_output_file_that_is_a_directory_is_a_usage_error(tmp_path: Path) -> None:
    result = dipcheck("lint", CLEAN, "--no-cache", "--format", "json", "-o", tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        f"dipcheck: error: cannot write {tmp_path}: it is a directory; name a file in it\n"
    )
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


def test_an_output_file_that_is_read_only_or_hard_linked_is_left_alone(tmp_path: Path) -> None:
    # -o wrote a new file and renamed it over the old one: a read-only report was replaced
    # (its mode lost) and a hard link silently broken, where fmt and --fix refuse both
    import os
    import stat

    read_only = tmp_path / "report.txt"
    read_only.write_text("KEEP\n")
    read_only.chmod(0o444)
    linked, other = tmp_path / "linked.txt", tmp_path / "other.txt"
    linked.write_text("KEEP\n")
    os.link(linked, other)
    runs = {
        "dipcheck": ("lint", CLEAN, "--no-cache"),
        "dipcheck simulate": ("simulate", CLEAN),
        "dipcheck graph": ("graph", CLEAN),
    }
    for prog, words in runs.items():
        result = dipcheck(*words, "-o", read_only)
        assert (result.returncode, result.stderr) == (
            2,
            f"{prog}: error: cannot write {read_only}: it is read-only; make it writable or "
            "name another file\n",
        ), prog
        result = dipcheck(*words, "-o", linked)
        assert (result.returncode, result.stderr) == (
            2,
            f"{prog}: error: cannot write {linked}: it has 1 other hard link, which replacing "
            "it would break; name another file, or remove the other links first\n",
        ), prog
    assert read_only.read_text() == linked.read_text() == other.read_text() == "KEEP\n"
    assert stat.S_IMODE(read_only.stat().st_mode) == 0o444
    assert os.path.samefile(linked, other)
    assert sorted(item.name for item in tmp_path.iterdir()) == [
        "linked.txt",
        "other.txt",
        "report.txt",
    ]
    # the twin: a writable file is replaced, and keeps its permissions
    private = tmp_path / "private.txt"
    private.write_text("old\n")
    private.chmod(0o600)
    result = dipcheck("lint", CLEAN, "--no-cache", "-o", private)
    assert result.returncode == 0, result.stderr
    assert private.read_text().startswith("All checks passed")
    assert stat.S_IMODE(private.stat().st_mode) == 0o600


# -- a file graph, diff, convert or simulate cannot load says what it lacks --------------------


def test_a_file_with_no_workflow_says_what_it_lacks(tmp_path: Path) -> None:
    # a file holding no workflow and no finding was "not a workflow dipcheck can load (empty)"
    drawing = tmp_path / "drawing.dot"
    drawing.write_text("digraph G { a -> b }\n", encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text("name: x\nretries: 3\n", encoding="utf-8")
    package = tmp_path / "package.json"
    package.write_text('{"name": "x"}\n', encoding="utf-8")
    shapes = {
        drawing: "it reads as a Graphviz drawing: no node has shape `Mdiamond` or `Msquare` or "
        "a workflow attribute such as `prompt` or `tool_command`",
        config: "it is not shaped as a step workflow: a top-level `steps:` list of mappings "
        "with `name:`, one of them with `agent:`, `tool:` or `prompt:`",
        package: "no Ordewell plan in it: a JSON object with a `tasks` list",
    }
    for path, reason in shapes.items():
        expected = f"{path}: not a workflow dipcheck can load ({reason})\n"
        graph = dipcheck("graph", path)
        assert (graph.returncode, graph.stderr) == (2, f"dipcheck graph: error: {expected}")
        diff = dipcheck("diff", path, CLEAN)
        assert (diff.returncode, diff.stderr) == (2, f"dipcheck diff: error: {expected}")
    convert = dipcheck("convert", drawing, "--to", "dip")
    assert convert.stderr == f"dipcheck convert: error: {drawing}: not a workflow dipcheck " + (
        f"can load ({shapes[drawing]})\n"
    )
    simulate = dipcheck("simulate", config)
    assert simulate.stderr == f"dipcheck simulate: error: {config}: not a workflow dipcheck " + (
        f"can load ({shapes[config]})\n"
    )


# -- what --help points at exists --------------------------------------------------------------


def test_every_page_a_help_text_names_exists() -> None:
    # `dipcheck graph --help` sent readers to docs/graph.md, which never existed
    project = FIXTURES.parent
    for command in ("lint", "fmt", "lsp", "simulate", "test", "graph", "convert", "diff"):
        shown = dipcheck(command, "--help").stdout
        for page in re.findall(r"(?:docs|editors)/[\w./-]*\.md", shown):
            assert (project / page).is_file(), f"dipcheck {command} --help names {page}"


# -- a file that cannot be read is said in dipcheck's words -----------------------------------


def test_a_missing_or_unreadable_file_is_said_without_python_s_errno(tmp_path: Path) -> None:
    # (`[Errno 2] No such file or directory: 'nonexist.toml'`, `[Errno 21] is a directory`,
    # and `No such file or directory` capitalised in diff: sixth audit)
    (tmp_path / "w.dip").write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    said = {
        ("lint", "--config", "nonexist.toml", "w.dip"): (
            "dipcheck: error: nonexist.toml: no such file\n"
        ),
        ("lint", "--config", ".", "w.dip"): (
            "dipcheck: error: .: it is a directory, not a regular file\n"
        ),
        ("diff", "w.dip", "nonexist.dip"): "dipcheck diff: error: nonexist.dip: no such file\n",
        ("simulate", "w.dip", "--scenario", "missing.yaml"): (
            "dipcheck simulate: error: missing.yaml: cannot read the scenario: no such file\n"
        ),
    }
    for arguments, message in said.items():
        result = dipcheck(*arguments, cwd=tmp_path)
        assert (result.returncode, result.stderr) == (2, message), arguments
    # the twin: a configuration file that exists is read
    (tmp_path / "custom.toml").write_text('ignore = ["DC102"]\n', encoding="utf-8")
    read = dipcheck("lint", "--config", "custom.toml", "w.dip", cwd=tmp_path)
    assert read.returncode in (0, 1) and read.stderr == ""


def test_show_settings_lists_the_rules_of_the_file_s_format(tmp_path: Path) -> None:
    # (a .dot file's "rules that run on it" listed the YAML step rules and the Ordewell ones)
    import json

    from dipcheck.rules import registry

    (tmp_path / "review.dot").write_text(
        (FIXTURES / "dot" / "review.dot").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "w.dip").write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    for name, fmt in (("review.dot", "dot"), ("w.dip", "dip")):
        shown = dipcheck("lint", "--show-settings", "--format", "json", name, cwd=tmp_path)
        listed = json.loads(shown.stdout)["for-this-file"]["active-rules"]
        assert listed, name
        assert all(fmt in registry.get(code).formats for code in listed), name
        assert "DC101" in listed and not [code for code in listed if code[0] in "LO"], name
    # the twin: a directory (no one format) lists the rules of every format
    folder = dipcheck("lint", "--show-settings", "--format", "json", ".", cwd=tmp_path)
    listed = json.loads(folder.stdout)["for-this-file"]["active-rules"]
    assert [code for code in listed if code[0] == "L"] and [
        code for code in listed if code[0] == "O"
    ]


def test_a_command_that_reads_no_standard_input_says_so_for_a_dash() -> None:
    # (`simulate -` and `graph -` said "-: no such file")
    for command in (("simulate",), ("graph",), ("convert", "--to", "dot")):
        result = dipcheck(*command, "-", stdin=CLEAN.read_text(encoding="utf-8"))
        assert (result.returncode, result.stderr) == (
            2,
            f"dipcheck {command[0]}: error: -: standard input is not read by this command: "
            "name a file\n",
        ), command
    # the twin: a file is read
    assert dipcheck("graph", CLEAN).returncode == 0


# -- a blank selector in a configuration file ---------------------------------------------------


BROKEN = "workflow W\n  start: S\n  exit: S\n  agent S\n    prompt: p\n  edges\n    S -> Nope\n"


def test_a_blank_selector_in_a_configuration_file_is_an_error(tmp_path: Path) -> None:
    # every code starts with the empty prefix: `ignore = [""]` switched every rule off and a
    # broken workflow passed; `select = [" "]` selected every rule, the simulation ones too
    (tmp_path / "bad.dip").write_text(BROKEN)
    config = tmp_path / "dipcheck.toml"
    for body, key in (
        ('ignore = [""]', "ignore"),
        ('select = " "', "select"),
        ('extend-select = ["DC1", ""]', "extend-select"),
        ('per-file-ignores = { "*" = [""] }', "per-file-ignores.'*'"),
    ):
        config.write_text(body + "\n")
        result = dipcheck("lint", "--no-cache", "bad.dip", cwd=tmp_path)
        assert (result.returncode, result.stdout) == (2, ""), body
        blank = "' '" if "select = " in body and "extend" not in body else "''"
        assert result.stderr == (
            f"dipcheck: error: {config}: `{key}` has an empty entry {blank}: name a rule by its "
            "code, its name, a code prefix or a group\n"
        )
    # the twin: a real selector still applies
    config.write_text('ignore = ["DIP004"]\n')
    result = dipcheck("lint", "--no-cache", "--format", "concise", "bad.dip", cwd=tmp_path)
    assert result.returncode == 1
    assert "DIP003" in result.stdout and "DIP004" not in result.stdout


def test_isolated_and_config_together_are_a_usage_error(tmp_path: Path) -> None:
    config = tmp_path / "strict.toml"
    config.write_text('extend-select = ["DC4"]\n')
    message = (
        "error: --isolated ignores every configuration file; it cannot be combined with --config\n"
    )
    for command in ("lint", "convert"):
        extra = ["--to", "dot"] if command == "convert" else ["--no-cache"]
        both = dipcheck(command, "--isolated", "--config", config, *extra, CLEAN, cwd=tmp_path)
        prefix = "dipcheck convert: " if command == "convert" else "dipcheck: "
        assert (both.returncode, both.stderr) == (2, prefix + message), command
        alone = dipcheck(command, "--isolated", *extra, CLEAN, cwd=tmp_path)
        assert alone.returncode == 0, (command, alone.stderr)


# -- exclude names folders as ruff's does ------------------------------------------------------


def test_exclude_names_a_folder_and_a_bare_name_at_any_depth(tmp_path: Path) -> None:
    # `exclude = ["sub"]` left `sub/a.dip` in a directory lint: only `sub/*` or `sub/**`
    # worked, where ruff's `exclude` leaves out a folder named, and a name without `/`
    # anywhere in the tree
    for folder in ("sub", "sub/deep", "keep"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    for name in ("sub/a.dip", "sub/deep/b.dip", "keep/c.dip", "keep/deep.dip"):
        (tmp_path / name).write_text(BROKEN)
    config = tmp_path / "dipcheck.toml"
    everything = ["./keep/c.dip", "./keep/deep.dip", "./sub/a.dip", "./sub/deep/b.dip"]
    for patterns, left_out in (
        ('"sub"', {"./sub/a.dip", "./sub/deep/b.dip"}),
        ('"sub/"', {"./sub/a.dip", "./sub/deep/b.dip"}),
        ('"**/sub"', {"./sub/a.dip", "./sub/deep/b.dip"}),
        ('"deep"', {"./sub/deep/b.dip"}),
        ('"c.dip"', {"./keep/c.dip"}),
        ('"keep/*.dip", "**/deep/"', {"./keep/c.dip", "./keep/deep.dip", "./sub/deep/b.dip"}),
        # the twins: a part of a name, or a path that is not there, leaves everything in
        ('"su", "de"', set()),
        ('"deep/b.dip"', set()),
    ):
        config.write_text(f"exclude = [{patterns}]\n")
        result = dipcheck("lint", "--no-cache", "--format", "json", ".", cwd=tmp_path)
        assert json.loads(result.stdout)["files"] == [
            name for name in everything if name not in left_out
        ], patterns

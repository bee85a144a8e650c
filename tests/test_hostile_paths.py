"""Nothing outside the root is read or printed (issue 19 §1): a directory symbolic link inside
the workflow's folder (``prompts -> ../outside``, ``-> /proc/self``, ``-> /etc``) does not let a
file directive escape, so neither lint snippets nor ``simulate --verbose`` can show what lies
behind it; a linted file that is a symbolic link to a file outside the tree being checked is
not read (and so never quoted)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FIXTURES, dedent, dipcheck

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")

SECRET = "hunter2-do-not-print"
AGENT = dedent(
    """
    workflow W
      start: A
      exit: B
      agent A
        {field}: {target}
      agent B
        label: B
      edges
        A -> B
    """
)
TOOL = dedent(
    """
    workflow W
      start: T
      exit: B
      tool T
        timeout: 1m
        command_file: {target}
      agent B
        label: B
      edges
        T -> B
    """
)


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """``tmp/outside/`` holds secrets; ``tmp/flow/`` is the workflow's folder."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"Read ${{ctx.{SECRET.replace('-', '_')}}} now.\n")
    (outside / "secret.sh").write_text(f"echo {SECRET} ${{ctx.{SECRET.replace('-', '_')}}}\n")
    flow = tmp_path / "flow"
    flow.mkdir()
    return flow


@pytest.mark.parametrize(
    ("text", "field", "name"),
    [
        (AGENT, "prompt_file", "secret.md"),
        (AGENT, "system_prompt_file", "secret.md"),
        (TOOL, "command_file", "secret.sh"),
    ],
    ids=["prompt_file", "system_prompt_file", "command_file"],
)
def test_a_directory_link_out_of_the_folder_is_dc003_and_not_read(
    layout: Path, text: str, field: str, name: str
) -> None:
    (layout / "prompts").symlink_to("../outside", target_is_directory=True)
    (layout / "w.dip").write_text(text.format(field=field, target=f"prompts/{name}"), "utf-8")
    run = dipcheck("lint", "--isolated", "--no-cache", "w.dip", cwd=layout)
    assert f"`prompts/{name}` leads outside the workflow's directory" in run.stdout
    assert "DC003" in run.stdout
    assert SECRET not in run.stdout and SECRET.replace("-", "_") not in run.stdout


@pytest.mark.parametrize("target", ["/proc/self", "/etc"])
def test_links_to_system_directories_are_not_followed(layout: Path, target: str) -> None:
    if not os.path.isdir(target):
        pytest.skip(f"no {target} here")
    (layout / "sys").symlink_to(target, target_is_directory=True)
    name = "environ" if target == "/proc/self" else "hostname"
    (layout / "w.dip").write_text(AGENT.format(field="prompt_file", target=f"sys/{name}"), "utf-8")
    run = dipcheck("lint", "--isolated", "--no-cache", "w.dip", cwd=layout)
    assert f"`sys/{name}` leads outside the workflow's directory" in run.stdout


def test_simulate_verbose_does_not_print_the_environment(layout: Path) -> None:
    if not os.path.isfile("/proc/self/environ"):
        pytest.skip("no /proc/self/environ here")
    (layout / "sys").symlink_to("/proc/self", target_is_directory=True)
    (layout / "w.dip").write_text(AGENT.format(field="prompt_file", target="sys/environ"), "utf-8")
    run = dipcheck("simulate", "--verbose", "w.dip", cwd=layout, env={"LEAK_ME": SECRET})
    assert SECRET not in run.stdout + run.stderr


def test_a_link_that_stays_inside_the_folder_is_read(layout: Path) -> None:
    (layout / "texts").mkdir()
    (layout / "texts" / "plan.md").write_text("Plan the work.\n", encoding="utf-8")
    (layout / "prompts").symlink_to("texts", target_is_directory=True)
    (layout / "w.dip").write_text(AGENT.format(field="prompt_file", target="prompts/plan.md"))
    run = dipcheck("lint", "--isolated", "--no-cache", "w.dip", cwd=layout)
    assert "DC003" not in run.stdout, run.stdout


LEAKY = f"workflow W\n  start: A\n  exit: A\n  agent A\n    password {SECRET} here\n"


@pytest.mark.parametrize("how", ["directory", "named"])
def test_a_linted_file_linking_outside_is_not_read(layout: Path, how: str) -> None:
    (layout.parent / "outside" / "leak.dip").write_text(LEAKY, encoding="utf-8")
    (layout / "leak.dip").symlink_to("../outside/leak.dip")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    argument = "." if how == "directory" else "leak.dip"
    run = dipcheck("lint", "--isolated", "--no-cache", argument, cwd=layout)
    assert "DC002" in run.stdout
    assert "symbolic link to a file outside" in run.stdout
    assert SECRET not in run.stdout + run.stderr


@pytest.mark.parametrize("command", [("lint", "--isolated", "--no-cache"), ("test", "--isolated")])
@pytest.mark.parametrize("top", ["home", "root"])
def test_the_home_directory_or_root_is_not_the_tree(layout: Path, command: tuple, top: str) -> None:
    """Run from the home directory (or `/`), the tree of `flow/` was the whole home directory:
    `flow/leak.dip -> ../outside/…` (a key file beside the checkout) was read and quoted. The
    tree is now the directory named."""
    (layout.parent / "outside" / "leak.dip").write_text(LEAKY, encoding="utf-8")
    (layout / "leak.dip").symlink_to("../outside/leak.dip")
    (layout / "leak.tests.yaml").write_text(PASSING, encoding="utf-8")
    if top == "home":
        cwd, argument = layout.parent, layout.name
    else:
        cwd, argument = Path("/"), str(layout)
    run = dipcheck(*command, argument, cwd=cwd, env={"HOME": str(layout.parent)})
    assert "symbolic link to a file outside" in run.stdout, run.stdout
    assert SECRET not in run.stdout + run.stderr


def test_a_linted_file_linking_inside_the_tree_is_linted(layout: Path) -> None:
    (layout / "real").mkdir()
    (layout / "real" / "w.dip").write_text(LEAKY, encoding="utf-8")
    (layout / "link.dip").symlink_to("real/w.dip")
    run = dipcheck("lint", "--isolated", "--no-cache", "link.dip", cwd=layout)
    assert "DC001" in run.stdout  # read, parsed and quoted as usual


@pytest.mark.parametrize("command", [("fmt", "--check"), ("lint", "--fix"), ("lint", "--diff")])
def test_fmt_and_fix_do_not_read_a_link_out_of_the_tree(layout: Path, command: tuple) -> None:
    (layout.parent / "outside" / "leak.dip").write_text(LEAKY, encoding="utf-8")
    (layout / "leak.dip").symlink_to("../outside/leak.dip")
    run = dipcheck(*command, "--isolated" if command[0] == "lint" else "--check", ".", cwd=layout)
    if command[1] != "--diff":  # (a diff shows changes only)
        assert "symbolic link to a file outside" in run.stdout + run.stderr
    assert SECRET not in run.stdout + run.stderr
    assert (layout.parent / "outside" / "leak.dip").read_text(encoding="utf-8") == LEAKY


@pytest.mark.parametrize("argument", ["sub/leak.dip", "sub", "."])
def test_a_file_behind_a_directory_link_out_of_the_tree_is_not_read(
    layout: Path, argument: str
) -> None:
    """`sub -> ../outside` inside the tree: the file named through it (or found in it) lies
    outside, as a file that is itself such a link does; only the last part of the path was
    checked, so its secret was quoted."""
    (layout.parent / "outside" / "leak.dip").write_text(LEAKY, encoding="utf-8")
    (layout / "sub").symlink_to("../outside", target_is_directory=True)
    run = dipcheck("lint", "--isolated", "--no-cache", "--format", "concise", argument, cwd=layout)
    if argument == ".":  # a directory walk does not follow a directory link at all
        assert "leak.dip" not in run.stdout, run.stdout
    elif argument == "sub":  # nor is the link walked when it is named (see below)
        assert run.stdout.splitlines()[0] == (
            "sub:1:1: DC002 [error] not read: it is a symbolic link to a directory outside `.`, "
            "the tree being checked; check that directory where it is"
        )
    else:
        assert run.stdout.splitlines()[0] == (
            "sub/leak.dip:1:1: DC002 [error] not read: a symbolic link on its path leads to a "
            "directory outside `.`, the tree being checked; check that file where it is"
        )
    assert SECRET not in run.stdout + run.stderr


def test_a_file_behind_a_directory_link_inside_the_tree_is_read(layout: Path) -> None:
    (layout / "real").mkdir()
    (layout / "real" / "w.dip").write_text(LEAKY, encoding="utf-8")
    (layout / "sub").symlink_to("real", target_is_directory=True)
    run = dipcheck("lint", "--isolated", "--no-cache", "sub/w.dip", cwd=layout)
    assert "DC001" in run.stdout and "DC002" not in run.stdout  # read, parsed and quoted


def test_stdin_named_behind_a_directory_link_out_of_the_tree_reads_nothing_there(
    layout: Path,
) -> None:
    """`--stdin-filename sub/w.dip` with `sub -> ../outside`: the text is standard input's,
    but the files it includes would be read (and quoted) outside the tree."""
    (layout / "sub").symlink_to("../outside", target_is_directory=True)
    text = AGENT.format(field="prompt_file", target="secret.md")
    run = dipcheck(
        "lint", "--isolated", "--no-cache", "--format", "concise",
        "--stdin-filename", "sub/w.dip", "-", cwd=layout, stdin=text,
    )  # fmt: skip
    assert run.stdout.splitlines()[0] == (
        "sub/w.dip:5:18: DC003 [error] `prompt_file`: `secret.md` cannot be read: a symbolic "
        "link takes it outside `.`, the tree being checked"
    )
    assert SECRET.replace("-", "_") not in run.stdout + run.stderr


def test_stdin_named_inside_the_tree_reads_what_it_includes(layout: Path) -> None:
    (layout / "texts").mkdir()
    (layout / "texts" / "plan.md").write_text("Read ${ctx.plan_notes} now.\n", encoding="utf-8")
    (layout / "sub").symlink_to("texts", target_is_directory=True)
    text = AGENT.format(field="prompt_file", target="plan.md")
    run = dipcheck(
        "lint", "--isolated", "--no-cache", "--format", "concise",
        "--stdin-filename", "sub/w.dip", "-", cwd=layout, stdin=text,
    )  # fmt: skip
    assert "plan_notes" in run.stdout and "DC003" not in run.stdout, run.stdout


# -- dipcheck test ---------------------------------------------------------------------------

PASSING = "tests:\n  - name: t\n    expect:\n      status: success\n"
LEAKY_FLOW = AGENT.format(field="label", target="A").replace("B", SECRET.replace("-", "_"))


@pytest.mark.parametrize("argument", [".", "w.tests.yaml", "w.dip"])
def test_a_test_file_linking_outside_is_not_read(layout: Path, argument: str) -> None:
    """`w.tests.yaml -> ../outside/…`: its keys were quoted ("unknown key `…`")."""
    (layout.parent / "outside" / "leak.yaml").write_text(f"{SECRET}: 1\n", encoding="utf-8")
    (layout / "w.tests.yaml").symlink_to("../outside/leak.yaml")
    (layout / "w.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    run = dipcheck("test", "--isolated", argument, cwd=layout)
    assert run.returncode == 2, run.stdout
    assert run.stdout.splitlines()[1] == (
        "  w.tests.yaml:1:1: not read: it is a symbolic link to a file outside `.`, the tree "
        "being tested"
    )
    assert SECRET not in run.stdout + run.stderr


def test_a_workflow_beside_a_test_file_linking_outside_is_not_read(layout: Path) -> None:
    """`w.dip -> ../outside/…` beside `w.tests.yaml`: its node ids were printed (`-v`)."""
    (layout.parent / "outside" / "leak.dip").write_text(LEAKY_FLOW, encoding="utf-8")
    (layout / "w.dip").symlink_to("../outside/leak.dip")
    (layout / "w.tests.yaml").write_text(PASSING, encoding="utf-8")
    run = dipcheck("test", "--isolated", "-v", cwd=layout)
    assert run.returncode == 2, run.stdout
    assert run.stdout.splitlines()[1] == (
        "  w.tests.yaml:1:1: the workflow ./w.dip is not read: it is a symbolic link to a file "
        "outside `.`, the tree being tested"
    )
    assert SECRET.replace("-", "_") not in run.stdout + run.stderr


def test_a_test_file_and_workflow_linking_inside_the_tree_are_run(layout: Path) -> None:
    (layout / "real").mkdir()
    (layout / "real" / "w.tests.yaml").write_text(PASSING, encoding="utf-8")
    (layout / "real" / "w.dip").write_text(LEAKY_FLOW, encoding="utf-8")
    (layout / "w.tests.yaml").symlink_to("real/w.tests.yaml")
    (layout / "w.dip").symlink_to("real/w.dip")
    run = dipcheck("test", "--isolated", "-v", "w.tests.yaml", cwd=layout)
    assert run.returncode == 0, run.stdout
    assert SECRET.replace("-", "_") in run.stdout  # the path, as -v shows it


@pytest.mark.parametrize(
    "command",
    [
        ("simulate", "w.dip"),
        ("graph", "w.dip"),
        ("convert", "w.dip", "--to", "dot"),
        ("convert", "ok.dip", "--to", "dot", "--check", "-o", "w.dip"),
        ("diff", "ok.dip", "w.dip"),
    ],
)
def test_a_named_workflow_linking_outside_is_not_read(layout: Path, command: tuple) -> None:
    """As `dipcheck lint w.dip` does not read `w.dip -> ../outside/…`, neither do the other
    commands: they printed its node ids."""
    (layout.parent / "outside" / "leak.dip").write_text(LEAKY_FLOW, encoding="utf-8")
    (layout / "w.dip").symlink_to("../outside/leak.dip")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    run = dipcheck(*command, cwd=layout)
    assert run.returncode == 2, run.stdout
    assert (
        "w.dip: not read: it is a symbolic link to a file outside `.`, the tree being checked; "
        "check that file where it is"
    ) in run.stderr
    assert SECRET.replace("-", "_") not in run.stdout + run.stderr


PLAN = (
    '{"tasks": [{"id": "a", "title": "T", "sliceType": "AFK", "autonomy": "AFK", "prompt": "P"}]}'
)


@pytest.mark.parametrize("workflow", ["ok.dip", "plan.json"])
def test_a_scenario_linking_outside_is_not_read(layout: Path, workflow: str) -> None:
    """`--scenario s.yaml` with `s.yaml -> ../outside/…`: its keys were quoted ("unknown field")."""
    (layout.parent / "outside" / "leak.yaml").write_text(f"{SECRET}: 1\n", encoding="utf-8")
    (layout / "s.yaml").symlink_to("../outside/leak.yaml")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    (layout / "plan.json").write_text(PLAN, encoding="utf-8")
    run = dipcheck("simulate", workflow, "--scenario", "s.yaml", cwd=layout)
    assert run.returncode == 2, run.stdout
    assert run.stderr == (
        "dipcheck simulate: error: s.yaml: not read: it is a symbolic link to a file outside "
        "`.`, the tree being checked; check that file where it is\n"
    )


CONFIG_LEAK = f'"{SECRET}" = 1\n'


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("dipcheck.toml", CONFIG_LEAK),
        (".dipcheck.toml", CONFIG_LEAK),
        ("pyproject.toml", f"[tool.dipcheck]\n{CONFIG_LEAK}"),
        ("dipcheck.toml", f'select = ["{SECRET}"]\n'),
        ("dipcheck.toml", f"{SECRET}\n"),  # not TOML
    ],
)
def test_a_found_configuration_linking_outside_is_not_quoted(
    layout: Path, name: str, text: str
) -> None:
    """`dipcheck.toml -> ../outside/…` found by the search: its keys and values were quoted
    in the error ("unknown key(s) …"), so a pull request could have CI print parts of any
    file. Such a file is still a configuration (a shared one may be linked), but an error in
    it names only the link."""
    (layout.parent / "outside" / "x.toml").write_text(text, encoding="utf-8")
    (layout / name).symlink_to("../outside/x.toml")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    for words in (("lint", "ok.dip"), ("simulate", "ok.dip"), ("graph", "ok.dip")):
        run = dipcheck(*words, cwd=layout)
        assert run.returncode == 2, run.stdout
        assert (
            f"{layout / name}: not a valid dipcheck configuration; a symbolic link takes it "
            "outside its directory, so what it holds is not quoted here: name it with --config "
            "to see the problem"
        ) in run.stderr
        assert SECRET not in run.stdout + run.stderr


def test_a_found_configuration_linking_outside_applies_when_valid(layout: Path) -> None:
    """A shared configuration linked from elsewhere (`dipcheck.toml -> ../shared/…`, a
    monorepo's `pyproject.toml` without a dipcheck table) works as before: only its errors
    are not quoted."""
    reads = AGENT.format(field="prompt", target="Use ${ctx.nobody_writes}.")
    (layout / "ok.dip").write_text(reads, encoding="utf-8")
    assert "warning[DC102]" in dipcheck("lint", "ok.dip", cwd=layout).stdout
    (layout.parent / "outside" / "x.toml").write_text('ignore = ["DC102"]\n', encoding="utf-8")
    (layout / "dipcheck.toml").symlink_to("../outside/x.toml")
    run = dipcheck("lint", "ok.dip", cwd=layout)
    assert (run.returncode, run.stdout, run.stderr) == (
        0,
        "All checks passed (1 file checked).\n",
        "",
    )
    (layout / "dipcheck.toml").unlink()
    (layout.parent / "outside" / "p.toml").write_text(f"[tool.other]\n{CONFIG_LEAK}")
    (layout / "pyproject.toml").symlink_to("../outside/p.toml")
    run = dipcheck("lint", "ok.dip", cwd=layout)
    assert (run.returncode, run.stderr) == (0, "")
    assert "warning[DC102]" in run.stdout  # the pyproject.toml does not configure dipcheck
    assert SECRET not in run.stdout


def test_a_configuration_named_with_config_or_linked_inside_is_read(layout: Path) -> None:
    """`--config` is the user's own choice: read wherever it leads. A link that stays in the
    directory (`dipcheck.toml -> conf/real.toml`) is read as well."""
    (layout.parent / "outside" / "x.toml").write_text('ignore = ["DIP111"]\n', encoding="utf-8")
    (layout / "linked.toml").symlink_to("../outside/x.toml")
    (layout / "conf").mkdir()
    (layout / "conf" / "real.toml").write_text("fail-on = 'nonsense'\n", encoding="utf-8")
    (layout / "dipcheck.toml").symlink_to("conf/real.toml")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    assert dipcheck("lint", "--config", "linked.toml", "ok.dip", cwd=layout).returncode == 0
    run = dipcheck("lint", "ok.dip", cwd=layout)
    assert run.returncode == 2
    assert "dipcheck.toml: fail-on: " in run.stderr


@pytest.mark.parametrize(
    "command",
    [
        ("lint", "sub/ok.dip"),
        ("lint", "sub"),
        ("lint", "--stdin-filename", "sub/ok.dip", "-"),
        ("simulate", "sub/ok.dip"),
    ],
)
def test_a_configuration_found_behind_a_directory_link_out_of_the_tree_is_not_quoted(
    layout: Path, command: tuple
) -> None:
    """`sub -> ../outside` inside the tree, and `outside/dipcheck.toml` beside the files: the
    search from `sub/…` found it in `sub/`, and as the file itself is no link, its keys were
    quoted in the error ("unknown key(s) hunter2-…"). A link on the way out of the tree
    being checked now counts as one at the file."""
    outside = layout.parent / "outside"
    (outside / "dipcheck.toml").write_text(CONFIG_LEAK, encoding="utf-8")
    (outside / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    (layout / "sub").symlink_to("../outside", target_is_directory=True)
    stdin = AGENT.format(field="label", target="A") if command[-1] == "-" else None
    run = dipcheck(*command, cwd=layout, stdin=stdin)
    assert run.returncode == 2, run.stdout
    assert (
        f"{layout / 'sub' / 'dipcheck.toml'}: not a valid dipcheck configuration; a symbolic "
        "link takes it outside its directory, so what it holds is not quoted here: name it "
        "with --config to see the problem"
    ) in run.stdout + run.stderr
    assert SECRET not in run.stdout + run.stderr


def test_a_configuration_found_behind_a_directory_link_inside_the_tree_is_quoted(
    layout: Path,
) -> None:
    """The twin: `sub -> real` stays in the tree, so its configuration's errors are quoted."""
    (layout / "real").mkdir()
    (layout / "real" / "dipcheck.toml").write_text('"not-a-key" = 1\n', encoding="utf-8")
    (layout / "real" / "ok.dip").write_text(AGENT.format(field="label", target="A"), "utf-8")
    (layout / "sub").symlink_to("real", target_is_directory=True)
    run = dipcheck("lint", "sub/ok.dip", cwd=layout)
    assert run.returncode == 2, run.stdout
    assert "unknown key(s) 'not-a-key'" in run.stderr


def test_a_coverage_file_linking_outside_is_not_read(layout: Path) -> None:
    """`graph --coverage cov.json` with `cov.json -> ../outside/…`: the entries it could not
    use were quoted ("an `edges` entry is not an object: 'hunter2-…'"), as a scenario's keys
    were. It is refused as a named workflow or scenario is."""
    leak = {"file": "ok.dip", "edges": [SECRET]}
    (layout.parent / "outside" / "c.json").write_text(json.dumps(leak), encoding="utf-8")
    (layout / "cov.json").symlink_to("../outside/c.json")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    run = dipcheck("graph", "ok.dip", "--coverage", "cov.json", cwd=layout)
    assert (run.returncode, run.stdout, run.stderr) == (
        2,
        "",
        "dipcheck graph: error: cov.json: not read: it is a symbolic link to a file outside "
        "`.`, the tree being checked; check that file where it is\n",
    )


def test_a_coverage_file_linking_inside_the_tree_is_read(layout: Path) -> None:
    (layout / "reports").mkdir()
    leak = {"file": "ok.dip", "edges": ["inside"]}
    (layout / "reports" / "c.json").write_text(json.dumps(leak), encoding="utf-8")
    (layout / "cov.json").symlink_to("reports/c.json")
    (layout / "ok.dip").write_text(AGENT.format(field="label", target="A"), encoding="utf-8")
    run = dipcheck("graph", "ok.dip", "--coverage", "cov.json", cwd=layout)
    assert run.returncode == 2
    assert (
        run.stderr
        == "dipcheck graph: error: cov.json: an `edges` entry is not an object: 'inside'\n"
    )


HOME_CHILD = dedent(
    """
    workflow W
      start: A
      exit: B
      subgraph A
        ref: private/notes.dip
      agent B
        label: B
      edges
        A -> B
    """
)
NODE = SECRET.replace("-", "_")
NOTES = f"workflow Notes\n  start: {NODE}\n  exit: {NODE}\n  agent {NODE}\n    prompt: {SECRET}\n"


@pytest.mark.parametrize(
    "command", [("simulate", "--verbose", "flow/w.dip"), ("graph", "--expand", "flow/w.dip")]
)
def test_a_child_is_not_looked_for_in_the_home_directory(layout: Path, command: tuple) -> None:
    """Run from the home directory, the tree of `flow/w.dip` is `flow` (as for lint), but a
    ref not found next to it was tried against the working directory, as tracker's CLI does:
    `ref: private/notes.dip` loaded `~/private/notes.dip` and `--verbose` printed its prompts.
    The home directory (or `/`) is not searched for children."""
    (layout.parent / "private").mkdir()
    (layout.parent / "private" / "notes.dip").write_text(NOTES, encoding="utf-8")
    (layout / "w.dip").write_text(HOME_CHILD, encoding="utf-8")
    run = dipcheck(*command, cwd=layout.parent, env={"HOME": str(layout.parent)})
    assert SECRET not in run.stdout + run.stderr and NODE not in run.stdout + run.stderr
    if command[0] == "simulate":
        assert run.returncode == 1, run.stdout
        assert (
            "status: fail — handler error at node 'A': subgraph node 'A' references "
            "'private/notes.dip' but it was not loaded: no file 'private/notes.dip' next to "
            "w.dip (the working directory is not searched: it is the home directory or the "
            "file system's root)"
        ) in run.stdout


def test_a_child_is_looked_for_in_a_project_working_directory(layout: Path) -> None:
    """The twin: run from a project's directory, a ref is found there, as tracker finds it."""
    (layout / "private").mkdir()
    (layout / "private" / "notes.dip").write_text(NOTES, encoding="utf-8")
    (layout / "sub").mkdir()
    (layout / "sub" / "w.dip").write_text(HOME_CHILD, encoding="utf-8")
    run = dipcheck("simulate", "--verbose", "sub/w.dip", cwd=layout, env={"HOME": "/nonexistent"})
    assert run.returncode == 0, run.stdout
    assert SECRET in run.stdout


@pytest.mark.parametrize(
    ("command", "first"),
    [
        (
            ("lint", "--isolated", "--no-cache", "--format", "concise", "sub"),
            "sub:1:1: DC002 [error] not read: it is a symbolic link to a directory outside `.`, "
            "the tree being checked; check that directory where it is",
        ),
        (
            ("fmt", "--check", "sub"),
            "dipcheck fmt: sub: not read: it is a symbolic link to a directory outside `.`, the "
            "tree being checked; check that directory where it is",
        ),
        (
            ("test", "--isolated", "sub"),
            "  sub:1:1: not read: it is a symbolic link to a directory outside `.`, the tree "
            "being tested",
        ),
    ],
    ids=["lint", "fmt", "test"],
)
def test_a_directory_link_out_of_the_tree_named_is_not_walked(
    layout: Path, command: tuple, first: str
) -> None:
    """`dipcheck lint sub` with `sub -> ../outside`: the walk went into the directory outside
    and named every workflow and test file there, in its subdirectories too, each refused on
    its own ("sub/deeper/hunter2-….dip: not read …"). The link is refused as a whole."""
    outside = layout.parent / "outside"
    (outside / "deeper").mkdir()
    (outside / "deeper" / f"{SECRET}.dip").write_text(LEAKY, encoding="utf-8")
    (outside / "deeper" / f"{SECRET}.tests.yaml").write_text(PASSING, encoding="utf-8")
    (layout / "sub").symlink_to("../outside", target_is_directory=True)
    run = dipcheck(*command, cwd=layout)
    assert run.returncode == (1 if command[0] == "lint" else 2), run.stdout + run.stderr
    assert first in (run.stdout + run.stderr).splitlines()
    assert SECRET not in run.stdout + run.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["test", "--format", "json", "."],
        ["simulate", "--format", "json", "NAME"],
        ["diff", "--format", "json", "NAME", "NAME"],
    ],
)
def test_json_naming_a_file_that_is_not_utf8_is_utf8(tmp_path: Path, command: list[str]) -> None:
    """The JSON of `test`, `simulate` and `diff` wrote the lone surrogate Python reads the
    byte 0xff of a name as through the surrogateescape stream: the raw byte, and no JSON
    reader took the output. It is a \\udcff escape, which gives the name back."""
    name = os.fsdecode(b"n\xff.dip")
    shutil.copy(FIXTURES / "wftest" / "review.dip", tmp_path / name)
    shutil.copy(FIXTURES / "wftest" / "review.tests.yaml", tmp_path / f"{name[:-4]}.tests.yaml")
    arguments = [name if item == "NAME" else item for item in command]
    result = subprocess.run(
        [sys.executable, "-m", "dipcheck", *arguments],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert b"n\\udcff.dip" in result.stdout
    document = json.loads(result.stdout.decode("utf-8"))
    assert os.fsdecode(b"n\xff") in json.dumps(document, ensure_ascii=False)

"""Each file is linted with the settings of the configuration file closest to it, as ruff
resolves them: the settings no longer come from the first path of the command line for every
file. pre-commit names the files of a commit in batches, in any order, so `lint x/a.dip
y/b.dip` and `lint y/b.dip x/a.dip` gave different answers when only `y/` had a
`dipcheck.toml`; a directory lint ignored a `dipcheck.toml` in a folder below it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import dipcheck

# one DC102 warning (5:17-5:37): a key no node writes
READS = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: Use ${ctx.nobody_writes}.\n"
WHERE = {"start": {"line": 5, "column": 17}, "end": {"line": 5, "column": 37}}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """``x/a.dip`` without a configuration file; ``y/b.dip`` beside one that ignores DC102."""
    for folder, name in (("x", "a"), ("y", "b")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / f"{name}.dip").write_text(READS, encoding="utf-8")
    (tmp_path / "y" / "dipcheck.toml").write_text('ignore = ["DC102"]\n', encoding="utf-8")
    return tmp_path


def _findings(run_in: Path, *arguments: str) -> tuple[int, list[tuple[str, str, str, object]]]:
    run = dipcheck("lint", "--no-cache", "--format", "json", *arguments, cwd=run_in)
    assert run.returncode in (0, 1), run.stderr
    found = [
        (item["file"], item["code"], item["severity"], item["range"])
        for item in json.loads(run.stdout)["diagnostics"]
    ]
    return run.returncode, sorted(found)


def test_each_named_file_has_its_own_settings_in_any_order(project: Path) -> None:
    expected = (0, [("x/a.dip", "DC102", "warning", WHERE)])
    assert _findings(project, "x/a.dip", "y/b.dip") == expected
    assert _findings(project, "y/b.dip", "x/a.dip") == expected
    # the twin: without the configuration file both files report it
    (project / "y" / "dipcheck.toml").unlink()
    both = [("x/a.dip", "DC102", "warning", WHERE), ("y/b.dip", "DC102", "warning", WHERE)]
    assert _findings(project, "y/b.dip", "x/a.dip") == (0, both)


def test_a_directory_lint_uses_the_settings_of_each_folder(project: Path) -> None:
    """`y/dipcheck.toml` governs `y/` in a lint of the whole tree, its `exclude` too."""
    (project / "y" / "dipcheck.toml").write_text(
        'ignore = ["DC102"]\nexclude = ["broken.dip"]\n', encoding="utf-8"
    )
    (project / "y" / "broken.dip").write_text("workflow\n", encoding="utf-8")
    assert _findings(project, ".") == (0, [("./x/a.dip", "DC102", "warning", WHERE)])
    run = dipcheck("lint", "--no-cache", ".", cwd=project)
    assert run.stdout.endswith("Found 1 warning in 1 file (2 files checked).\n"), run.stdout


def test_the_exit_status_follows_each_files_fail_on(project: Path) -> None:
    (project / "y" / "dipcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    assert _findings(project, "x/a.dip")[0] == 0
    assert _findings(project, "x/a.dip", "y/b.dip")[0] == 1  # b.dip's warning fails
    assert _findings(project, "y/b.dip", "x/a.dip")[0] == 1


def test_junit_test_cases_fail_by_each_files_fail_on(project: Path) -> None:
    (project / "y" / "dipcheck.toml").write_text('fail-on = "warning"\n', encoding="utf-8")
    run = dipcheck("lint", "--no-cache", "--format", "junit", "x/a.dip", "y/b.dip", cwd=project)
    assert run.returncode == 1
    assert '<testsuite name="dipcheck" tests="2" failures="1"' in run.stdout
    failed = run.stdout.split('<testcase name="y/b.dip"')[1].split("</testcase>")[0]
    assert '<failure message="1 finding" type="warning">' in failed
    passed = run.stdout.split('<testcase name="x/a.dip"')[1].split("</testcase>")[0]
    assert "<failure" not in passed and "<system-out>" in passed


def test_a_broken_configuration_file_of_any_file_is_a_usage_error(project: Path) -> None:
    (project / "y" / "dipcheck.toml").write_text("ignore = [\n", encoding="utf-8")
    run = dipcheck("lint", "--add-ignore", "x/a.dip", "y/b.dip", cwd=project)
    assert run.returncode == 2
    assert run.stderr.startswith(f"dipcheck: error: {project / 'y' / 'dipcheck.toml'}: ")
    assert (project / "x" / "a.dip").read_text() == READS  # nothing written before it


def test_isolated_and_an_explicit_config_give_every_file_one_settings(project: Path) -> None:
    both = [("x/a.dip", "DC102", "warning", WHERE), ("y/b.dip", "DC102", "warning", WHERE)]
    assert _findings(project, "--isolated", "y/b.dip", "x/a.dip") == (0, both)
    (project / "none.toml").write_text("", encoding="utf-8")
    assert _findings(project, "--config", "none.toml", "y/b.dip", "x/a.dip") == (0, both)


def test_add_ignore_follows_each_files_settings(project: Path) -> None:
    run = dipcheck("lint", "--add-ignore", "y/b.dip", "x/a.dip", cwd=project)
    assert run.returncode == 0, run.stderr
    assert "# dipcheck: ignore[DC102]" in (project / "x" / "a.dip").read_text()
    assert (project / "y" / "b.dip").read_text() == READS  # nothing to suppress there


def test_the_run_cache_is_not_answered_past_a_closer_configuration_file(project: Path) -> None:
    """A kept run recorded the first path's configuration file only: one that appeared
    beside a later file left the kept answer in use."""
    (project / "y" / "dipcheck.toml").unlink()

    def lint() -> str:
        run = dipcheck("lint", "--format", "concise", "x/a.dip", "y/b.dip", cwd=project)
        return run.stdout

    first = lint()
    assert "y/b.dip:5:17: DC102" in first
    assert lint() == first  # (answered from the run cache)
    assert any((project / ".dipcheck_cache" / "runs").iterdir())
    (project / "y" / "dipcheck.toml").write_text('ignore = ["DC102"]\n', encoding="utf-8")
    later = lint()
    assert "x/a.dip:5:17: DC102" in later and "y/b.dip" not in later
    assert lint() == later


def test_a_folders_parents_are_searched_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each folder's search for its configuration file walked up to `/` on its own, reading
    and parsing a `pyproject.toml` at the top that names dipcheck but configures nothing
    again for each folder: 3,000 folders took 10.6 s (2.7 s with --isolated), and with a
    1.2 MB `pyproject.toml` over two minutes."""
    from dipcheck import configfile
    from dipcheck.config import Config, FolderSettings

    (tmp_path / "pyproject.toml").write_text('dependencies = ["dipcheck"]\n', encoding="utf-8")
    (tmp_path / "y").mkdir()
    (tmp_path / "y" / "dipcheck.toml").write_text('ignore = ["DC102"]\n', encoding="utf-8")
    folders = [tmp_path / f"d{number:03d}" for number in range(300)]
    for folder in folders:
        (folder / "deeper").mkdir(parents=True)
    asked: list[str] = []
    real = configfile._has_section
    monkeypatch.setattr(configfile, "_has_section", lambda path: asked.append(path) or real(path))
    built: list[str] = []

    def build(anchor: str | None) -> Config:
        built.append(str(anchor))
        return Config(ignore=("DC102",), path=str(tmp_path / "y" / "dipcheck.toml"))

    chosen = FolderSettings(Config(), build)
    for folder in folders:
        assert chosen(str(folder / "deeper" / "w.dip")) == Config()
        assert chosen(str(folder / "w.dip")) == Config()
    assert chosen(str(tmp_path / "y" / "b.dip")).ignore == ("DC102",)
    assert chosen(str(tmp_path / "y" / "c.dip")).ignore == ("DC102",)
    assert asked == [str(tmp_path / "pyproject.toml")]  # read once, not 600 times
    assert built == [str(tmp_path / "y" / "b.dip")]  # each configuration file built once


def test_standard_input_has_the_same_settings_in_any_order(project: Path) -> None:
    """`-` without --stdin-filename stands for a file of the current folder: it was linted
    with the first path's settings, so `lint y/b.dip -` and `lint - y/b.dip` differed."""
    for order in (("y/b.dip", "-"), ("-", "y/b.dip")):
        run = dipcheck("lint", "--no-cache", "--format", "concise", *order, cwd=project,
                       stdin=READS)  # fmt: skip
        assert run.stdout.startswith("<stdin>:5:17: DC102 [warning]"), (order, run.stdout)
        assert "y/b.dip" not in run.stdout
    named = dipcheck("lint", "--no-cache", "--format", "concise", "--stdin-filename",
                     "y/s.dip", "x/a.dip", "-", cwd=project, stdin=READS)  # fmt: skip
    assert "y/s.dip" not in named.stdout and "x/a.dip:5:17: DC102" in named.stdout


def test_show_settings_shows_the_first_paths(project: Path) -> None:
    run = dipcheck("lint", "--show-settings", "--format", "json", "x/a.dip", "-",
                   "--stdin-filename", "y/s.dip", cwd=project)  # fmt: skip
    assert json.loads(run.stdout)["configuration-file"] is None, run.stdout
    run = dipcheck("lint", "--show-settings", "--format", "json", "y/b.dip", cwd=project)
    assert json.loads(run.stdout)["configuration-file"] == str(project / "y" / "dipcheck.toml")


def test_fmt_finds_files_with_each_folders_settings(tmp_path: Path) -> None:
    """fmt took the first path's settings for every file: `fmt --check .` applied the top
    `exclude` to `sub/` (whose own file governs it), and `fmt --check top.dip sub` found
    other files in `sub` than `fmt --check sub`."""
    (tmp_path / "dipcheck.toml").write_text('exclude = ["sub/gen/**"]\n', encoding="utf-8")
    (tmp_path / "sub" / "gen").mkdir(parents=True)
    (tmp_path / "sub" / "keep").mkdir()
    (tmp_path / "sub" / "dipcheck.toml").write_text('exclude = ["keep/**"]\n', encoding="utf-8")
    messy = "workflow W\n  start:   A\n  exit: A\n  agent A\n    prompt: hi\n"
    for name in ("sub/gen/g.dip", "sub/keep/k.dip", "top.dip"):
        (tmp_path / name).write_text(messy, encoding="utf-8")
    run = dipcheck("fmt", "--check", ".", cwd=tmp_path)
    assert run.stdout == "would reformat ./top.dip\nwould reformat ./sub/gen/g.dip\n"
    alone = dipcheck("fmt", "--check", "sub", cwd=tmp_path)
    after = dipcheck("fmt", "--check", "top.dip", "sub", cwd=tmp_path)
    assert alone.stdout == "would reformat sub/gen/g.dip\n"
    assert after.stdout == "would reformat top.dip\nwould reformat sub/gen/g.dip\n"


def test_the_language_server_watches_every_folder_the_search_reaches() -> None:
    """A configuration file two folders above the workspace root applies to its files, but
    only files up to the root's parent were watched: its edits left stale diagnostics."""
    import os

    from dipcheck_lsp.watch import config_candidates

    from dipcheck.configfile import CONFIG_NAMES

    path = os.path.join(os.sep, "a", "b", "c", "w.dip")
    folders = [os.path.dirname(path)]
    while os.path.dirname(folders[-1]) != folders[-1]:
        folders.append(os.path.dirname(folders[-1]))
    assert folders[-1] == os.sep
    expected = [os.path.join(folder, name) for folder in folders for name in CONFIG_NAMES]
    assert config_candidates(path) == expected


def test_globs_name_paths_relative_to_the_configuration_not_as_typed(tmp_path: Path) -> None:
    """A glob was also matched against the path as typed: `legacy/*.dip` at the top matched
    `legacy/z.dip` typed in `other/`, not `other/legacy/z.dip` typed at the top (nor the
    language server's absolute path), and `gen/**` excluded `gen/y.dip` only from `other/`."""
    (tmp_path / "dipcheck.toml").write_text(
        'exclude = ["gen/**"]\nper-file-ignores = {"legacy/*.dip" = ["DC102"]}\n',
        encoding="utf-8",
    )
    for name in ("other/gen/y.dip", "other/legacy/z.dip"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(READS, encoding="utf-8")
    other = tmp_path / "other"
    top = _findings(tmp_path, "other/legacy/z.dip")[1]
    assert top == [("other/legacy/z.dip", "DC102", "warning", WHERE)]
    assert _findings(other, "legacy/z.dip")[1] == [("legacy/z.dip", "DC102", "warning", WHERE)]
    assert [item[0] for item in _findings(other, "gen", "legacy")[1]] == [
        "gen/y.dip",
        "legacy/z.dip",
    ]
    # the twin: globs written relative to the configuration's folder do match
    (tmp_path / "dipcheck.toml").write_text(
        'exclude = ["other/gen/**"]\nper-file-ignores = {"other/legacy/*.dip" = ["DC102"]}\n',
        encoding="utf-8",
    )
    assert _findings(other, "gen", "legacy") == (0, [])
    assert _findings(tmp_path, ".") == (0, [])


def test_command_line_selectors_layer_over_the_file_as_ruff_does(project: Path) -> None:
    """`--ignore` replaced the file's `ignore` (its DC102 came back), and `--select` kept
    it (the code asked for stayed hidden); the editor settings did the reverse."""
    assert _findings(project, "--ignore", "DIP111", "y/b.dip") == (0, [])
    shown = [("y/b.dip", "DC102", "warning", WHERE)]
    assert _findings(project, "--select", "DC102", "y/b.dip") == (0, shown)
    assert _findings(project, "--select", "DC1", "--ignore", "DC102", "y/b.dip") == (0, [])
    # the twin: without the file, --ignore alone hides what it names
    assert _findings(project, "--ignore", "DC102", "x/a.dip") == (0, [])

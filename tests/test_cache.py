"""The result cache and worker processes, as a process: a warm run reports what a cold run
reports; editing a file a workflow includes lints that workflow again (and only it);
settings, corrupt entries, concurrent runs, the cache directory options; parallel runs give
the serial run's output.

Which workflows were linted again is read from the cache directory: an entry is rewritten
(a new file renamed over the old one) exactly when its workflow was linted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dipcheck, unsealed, write_sealed

from dipcheck import engine
from dipcheck.result import LintResult

WORKFLOW = """\
workflow {name}
  start: A
  exit: B
  agent A
    prompt_file: prompts/{prompt}
  agent B
    label: B
  edges
    A -> B
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "prompts").mkdir()
    for name in ("one", "two", "three"):
        (tmp_path / "prompts" / f"{name}.md").write_text(f"Plan {name}.\n", encoding="utf-8")
        (tmp_path / f"{name}.dip").write_text(
            WORKFLOW.format(name=name.title(), prompt=f"{name}.md"), encoding="utf-8"
        )
    return tmp_path


def _lint(project: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return dipcheck("lint", "--isolated", "--format", "json", *extra, ".", cwd=project)


def _entries(project: Path) -> dict[str, tuple[int, int]]:
    """Workflow path → identity (inode, mtime) of its cache entry."""
    found = {}
    for entry in (project / ".dipcheck_cache" / "results").iterdir():
        if entry.name.endswith(".tmp"):
            continue
        data = json.loads(unsealed(entry))
        info = entry.stat()
        found[data["path"]] = (info.st_ino, info.st_mtime_ns)
    return found


def _relinted(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> set[str]:
    return {path for path, identity in after.items() if before.get(path) != identity}


def test_warm_run_reports_what_the_cold_run_reported(project: Path) -> None:
    cold = _lint(project)
    assert (project / ".dipcheck_cache" / "CACHEDIR.TAG").is_file()
    assert (project / ".dipcheck_cache" / ".gitignore").read_text() == "*\n"
    entries = _entries(project)
    assert set(entries) == {"./one.dip", "./two.dip", "./three.dip"}
    warm = _lint(project)
    assert warm.stdout == cold.stdout and warm.returncode == cold.returncode
    assert _relinted(entries, _entries(project)) == set()
    text = dipcheck("lint", "--isolated", ".", cwd=project)
    assert text.stdout == "All checks passed (3 files checked).\n"


def test_editing_an_included_prompt_file_lints_the_including_workflow(project: Path) -> None:
    _lint(project)
    entries = _entries(project)
    (project / "prompts" / "two.md").write_text("Check ${ctx.outcome}.\n", encoding="utf-8")
    result = _lint(project)
    assert _relinted(entries, _entries(project)) == {"./two.dip"}
    codes = [(item["file"], item["code"]) for item in json.loads(result.stdout)["diagnostics"]]
    assert codes == [("prompts/two.md", "DC202")]
    entries = _entries(project)
    (project / "prompts" / "two.md").write_text("Plan two.\n", encoding="utf-8")
    assert json.loads(_lint(project).stdout)["diagnostics"] == []
    assert _relinted(entries, _entries(project)) == {"./two.dip"}


def test_a_missing_file_that_appears_lints_the_workflow_again(project: Path) -> None:
    (project / "prompts" / "one.md").unlink()
    first = json.loads(_lint(project).stdout)["diagnostics"]
    assert [item["code"] for item in first] == ["DC003"]
    (project / "prompts" / "one.md").write_text("Plan.\n", encoding="utf-8")
    assert json.loads(_lint(project).stdout)["diagnostics"] == []


def test_editing_the_workflow_or_the_settings_misses(project: Path) -> None:
    _lint(project)
    entries = _entries(project)
    path = project / "three.dip"
    path.write_text(path.read_text().replace("label: B", "label: Bee"), encoding="utf-8")
    _lint(project)
    assert _relinted(entries, _entries(project)) == {"./three.dip"}
    other = _lint(project, "--target-version", "0.65")
    assert other.returncode == 0
    assert len(list((project / ".dipcheck_cache" / "results").iterdir())) == 6


def test_a_corrupt_entry_is_a_miss_not_an_error(project: Path) -> None:
    cold = _lint(project)
    for entry in (project / ".dipcheck_cache" / "results").iterdir():
        write_sealed(entry, b'{"path": "./one.dip", "content": ')
    warm = _lint(project)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, "")
    assert set(_entries(project)) == {"./one.dip", "./two.dip", "./three.dip"}


def test_no_cache_and_the_directory_options(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _lint(project, "--no-cache")
    assert not (project / ".dipcheck_cache").exists()
    elsewhere = tmp_path_factory.mktemp("cache")
    dipcheck("lint", "--isolated", ".", cwd=project, env={"DIPCHECK_CACHE_DIR": str(elsewhere)})
    assert len(list((elsewhere / "results").glob("*"))) == 3
    chosen = tmp_path_factory.mktemp("chosen")
    dipcheck(
        "lint",
        "--isolated",
        "--cache-dir",
        chosen,
        ".",
        cwd=project,
        env={"DIPCHECK_CACHE_DIR": str(elsewhere)},
    )
    assert len(list((chosen / "results").glob("*"))) == 3
    assert not (project / ".dipcheck_cache").exists()


def test_concurrent_runs_share_the_cache(project: Path) -> None:
    for number in range(20):
        (project / f"more{number}.dip").write_text(
            WORKFLOW.format(name=f"M{number}", prompt="one.md"), encoding="utf-8"
        )
    command = [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--format", "json", "."]
    processes = [
        subprocess.Popen(
            command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    outputs = [process.communicate(timeout=120) for process in processes]
    assert {stderr for _, stderr in outputs} == {""}
    assert len({stdout for stdout, _ in outputs}) == 1
    assert _lint(project).stdout == outputs[0][0]


@pytest.mark.parametrize("how", ["rewritten", "replaced"])
def test_a_prompt_file_changed_with_its_size_and_time_kept_is_read_again(
    tmp_path: Path, how: str
) -> None:
    # a prompt file given other words of the same length and its old modification time back
    # (`cp -p`, an archive with fixed timestamps): the cached findings of the old words stayed
    (tmp_path / "prompts").mkdir()
    prompt = tmp_path / "prompts" / "p.md"
    prompt.write_text("Use ${ctx.aaa}.\n", encoding="utf-8")
    (tmp_path / "w.dip").write_text(WORKFLOW.format(name="W", prompt="p.md"), encoding="utf-8")
    first = _lint(tmp_path)
    assert "`aaa`" in first.stdout
    before = prompt.stat()
    if how == "rewritten":
        prompt.write_text("Use ${ctx.bbb}.\n", encoding="utf-8")
    else:
        (tmp_path / "other.md").write_text("Use ${ctx.bbb}.\n", encoding="utf-8")
        os.replace(tmp_path / "other.md", prompt)
    os.utime(prompt, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (prompt.stat().st_size, prompt.stat().st_mtime_ns) == (
        before.st_size,
        before.st_mtime_ns,
    )
    for run in (
        _lint(tmp_path),
        dipcheck("lint", "--isolated", "--format", "json", "w.dip", cwd=tmp_path),
    ):
        assert "`bbb`" in run.stdout and "`aaa`" not in run.stdout
    # the twin: untouched, the next run is answered from the cache with the same findings
    assert _lint(tmp_path).stdout == _lint(tmp_path, "--no-cache").stdout


def _dies_on_boom(path: str, *rest: object) -> dict[str, object]:
    """A pool worker's lint that kills its process on `w13.dip` (as the OOM killer would)."""
    if path.endswith("w13.dip"):
        os._exit(9)
    return ENCODED(path, *rest)


ENCODED = engine._lint_encoded


def _dies_when_sending(result: LintResult) -> dict[str, object]:
    """A forked worker that dies with its first result, before sending it."""
    os._exit(9)


def _thirty_workflows(folder: Path) -> None:
    for number in range(30):
        text = WORKFLOW.format(name=f"W{number}", prompt="p.md")
        (folder / f"w{number:02}.dip").write_text(text, encoding="utf-8")


def _found(results: list[LintResult]) -> list[tuple[str, str, str, int, int]]:
    return [
        (result.path, item.code, item.message, item.span.start, item.span.end)
        for result in results
        for item in result.diagnostics
    ]


# a worker that dies, forked (its files are linted by the main process) or in a pool where
# processes are not forked (a BrokenProcessPool traceback ended the run with no report; the
# pool is started by fork here, so that it runs the patched lint)
_KILLED = {
    "forked": {"_sent": _dies_when_sending},
    "pool": {"FORKS": False, "POOL_START": "fork", "_lint_encoded": _dies_on_boom},
}


@pytest.mark.parametrize("kind", sorted(_KILLED))
def test_a_killed_worker_leaves_its_files_to_the_main_process(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _thirty_workflows(tmp_path)
    serial = engine.lint_paths([str(tmp_path)], jobs=1)
    for name, value in _KILLED[kind].items():
        monkeypatch.setattr(engine, name, value)
    parallel = engine.lint_paths([str(tmp_path)], jobs=2)
    assert [result.path for result in parallel] == [result.path for result in serial]
    assert _found(parallel) == _found(serial) and len(_found(serial)) == 30


def test_a_pool_of_new_processes_gives_the_serial_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # macOS and Windows: new processes (spawn) instead of forked ones
    _thirty_workflows(tmp_path)
    (tmp_path / "w05.dip").write_text("workflow W\n  start: A\n", encoding="utf-8")
    serial = engine.lint_paths([str(tmp_path)], jobs=1)
    monkeypatch.setattr(engine, "FORKS", False)
    parallel = engine.lint_paths([str(tmp_path)], jobs=2)
    assert [result.path for result in parallel] == [result.path for result in serial]
    assert _found(parallel) == _found(serial) and len(_found(serial)) > 30


def test_a_parallel_run_of_mixed_formats_gives_the_serial_results(tmp_path: Path) -> None:
    # the first file of each format is linted before the fork; the rest keep their order
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    _thirty_workflows(tmp_path)
    extra = {
        "a.dot": fixtures / "dot" / "broken.dot",
        "m.yaml": fixtures / "steps" / "broken_flow.yaml",
        "p.json": fixtures / "ordewell" / "plan-12.json",
        "x.dot": fixtures / "dot" / "review.dot",
        "z.yml": fixtures / "steps" / "broken_outputs.yaml",
    }
    for name, original in extra.items():
        (tmp_path / name).write_text(original.read_text(encoding="utf-8"), encoding="utf-8")
    serial = engine.lint_paths([str(tmp_path)], jobs=1)
    parallel = engine.lint_paths([str(tmp_path)], jobs=2)
    assert [result.path for result in parallel] == [result.path for result in serial]
    assert len(serial) == 35 and _found(parallel) == _found(serial)
    assert {os.path.splitext(result.path)[1] for result in serial} == {
        ".dip",
        ".dot",
        ".yaml",
        ".yml",
        ".json",
    }


def test_parallel_run_gives_the_serial_output(tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "p.md").write_text("Use ${ctx.outcome}.\n", encoding="utf-8")
    for number in range(30):
        text = WORKFLOW.format(name=f"W{number}", prompt="p.md")
        if number % 3 == 0:
            text = text.replace("A -> B", "A -> Bb")
        (tmp_path / f"w{number:02}.dip").write_text(text, encoding="utf-8")
    serial = dipcheck(
        "lint", "--isolated", "--no-cache", "-j", "1", "--format", "json", ".", cwd=tmp_path
    )
    parallel = dipcheck(
        "lint", "--isolated", "--no-cache", "-j", "2", "--format", "json", ".", cwd=tmp_path
    )
    assert parallel.stdout == serial.stdout and parallel.returncode == serial.returncode == 1
    text = dipcheck("lint", "--isolated", "--no-cache", "-j", "2", ".", cwd=tmp_path)
    assert (
        text.stdout
        == dipcheck("lint", "--isolated", "--no-cache", "-j", "1", ".", cwd=tmp_path).stdout
    )
    # cached results from a parallel run render the same (snippets of included files too)
    dipcheck("lint", "--isolated", "-j", "2", ".", cwd=tmp_path)
    assert dipcheck("lint", "--isolated", ".", cwd=tmp_path).stdout == text.stdout
    assert os.path.isdir(tmp_path / ".dipcheck_cache")


SNAPSHOT_SCRIPT = """
import json, sys
from dipcheck.rules import registry
data = json.loads(sys.stdin.read())
registry.use_snapshot(data)
assert "dipcheck.rules.safety" not in sys.modules
rule = registry.get("DC201")
assert rule.name == "unsafe-tool-command-key" and rule.check is None
assert [rule.code for rule in registry.all_rules()] == [item["code"] for item in data]
{then}
"""


@pytest.mark.parametrize(
    "then",
    [
        # a check is needed: the modules are imported and replace the snapshot
        "assert any(rule.code == 'DC201' for rule in registry.checks())",
        # a rule module imported directly also replaces it (no 'declared twice')
        "import dipcheck.rules.safety\nassert registry.get('DC201').check is not None\n"
        "assert len(registry.all_rules()) == len(data)",
    ],
)
def test_rule_snapshot_gives_way_to_the_rule_modules(then: str) -> None:
    from dipcheck.rules import registry

    result = subprocess.run(
        [sys.executable, "-c", SNAPSHOT_SCRIPT.format(then=then)],
        input=json.dumps(registry.snapshot()),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_a_file_name_that_is_not_utf8_is_cached(tmp_path: Path) -> None:
    """Python gives such a name lone surrogates; the entry's key and JSON keep them (the
    store was a UnicodeEncodeError traceback)."""
    name = os.fsdecode(b"fl\xffow.dip")
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "one.md").write_text("Check ${ctx.outcome}.\n", encoding="utf-8")
    (tmp_path / name).write_text(WORKFLOW.format(name="One", prompt="one.md"), encoding="utf-8")
    words = ("lint", "--isolated", "--format", "concise", "--show-fixes", name)
    # (--show-fixes: an option the run cache does not keep, so the per-file entry answers; it
    # does nothing without --fix, and says so)
    warned = (
        "dipcheck: warning: --show-fixes lists what --fix or --diff changes; without them it "
        "does nothing\n"
    )
    cold = dipcheck(*words, cwd=tmp_path)
    assert (cold.returncode, cold.stderr) == (0, warned) and "DC202" in cold.stdout
    [entry] = (tmp_path / ".dipcheck_cache" / "results").iterdir()
    assert json.loads(unsealed(entry))["path"] == name
    before = entry.stat().st_mtime_ns
    warm = dipcheck(*words, cwd=tmp_path)
    assert (warm.returncode, warm.stdout, warm.stderr) == (0, cold.stdout, warned)
    assert entry.stat().st_mtime_ns == before  # answered from the entry, not linted again


def test_a_file_named_like_a_program_record_is_still_checked(tmp_path: Path) -> None:
    """The run cache keeps the linted files, as named, beside what their lint read: a file
    named `$PATH:dipcheck-probe-zz` was taken for the record of that program's lookup, so an
    edit to it was never seen again (its stale answer was printed)."""
    name = "$PATH:dipcheck-probe-zz"
    (tmp_path / name).write_text(ON_PATH, encoding="utf-8")

    def run() -> tuple[int, list[str]]:
        found = dipcheck(
            "lint", "--isolated", "--extend-select", "DIP125", "--format", "json", name,
            cwd=tmp_path,
        )  # fmt: skip
        codes = [item["code"] for item in json.loads(found.stdout)["diagnostics"]]
        return found.returncode, codes

    assert run() == (0, ["DIP125"])
    assert run() == (0, ["DIP125"])  # (answered from the run cache)
    broken = ON_PATH.replace("dipcheck-probe-zz run", "true") + "  tool Orphan\n    command: true\n"
    (tmp_path / name).write_text(broken, encoding="utf-8")
    assert run() == (1, ["DIP004", "DIP111"])


def test_entries_nested_too_deep_to_read_are_misses(tmp_path: Path) -> None:
    """A sealed cache file holding 200,000 nested brackets (a result entry, the rule
    snapshot, a shell-verdict shard) made the JSON reader raise RecursionError, which the
    lookups did not take for a miss: the run ended in a traceback."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "tools.dip").write_text(ON_PATH.replace("dipcheck-probe-zz run", "make"))
    environment = {"DIPCHECK_CACHE_DIR": str(tmp_path / "cache")}
    cold = dipcheck("lint", "--isolated", "--format", "json", ".", cwd=project, env=environment)
    planted = [
        path
        for path in (tmp_path / "cache").rglob("*")
        if path.is_file() and path.name not in ("CACHEDIR.TAG", ".gitignore")
    ]
    kinds = {path.relative_to(tmp_path / "cache").parts[0].split("-")[0] for path in planted}
    assert kinds >= {"results", "rules", "bash"}, planted
    for path in planted:
        write_sealed(path, b"[" * 200_000)
    warm = dipcheck("lint", "--isolated", "--format", "json", ".", cwd=project, env=environment)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, "")


ON_PATH = """\
workflow Tools
  start: Build
  exit: Build
  tool Build
    timeout: 1m
    command: dipcheck-probe-zz run
"""


@pytest.mark.parametrize("named", [False, True], ids=["result cache", "run cache"])
def test_a_program_installed_or_removed_later_is_looked_up_again(
    tmp_path: Path, named: bool
) -> None:
    """DIP125 ("not on PATH") depends on the programs on PATH: the cached answer (the result
    cache for a directory, the run cache for a named file) must not outlive the program's
    installation or removal, with `PATH` itself unchanged."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "tools.dip").write_text(ON_PATH, encoding="utf-8")
    programs = tmp_path / "bin"
    programs.mkdir()
    environment = {"PATH": f"{programs}{os.pathsep}{os.environ.get('PATH', '')}"}

    def hints() -> list[tuple[str, str, dict[str, dict[str, int]]]]:
        found = dipcheck(
            "lint", "--isolated", "--extend-select", "DIP125", "--format", "json",
            "tools.dip" if named else ".", cwd=project, env=environment,
        )  # fmt: skip
        assert found.returncode == 0, found.stderr
        return [
            (item["code"], item["severity"], item["range"])
            for item in json.loads(found.stdout)["diagnostics"]
        ]

    where = {"start": {"line": 6, "column": 14}, "end": {"line": 6, "column": 31}}
    missing = [("DIP125", "hint", where)]
    assert hints() == missing
    assert hints() == missing  # (answered from the cache)
    program = programs / "dipcheck-probe-zz"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    assert hints() == []
    assert hints() == []
    program.unlink()
    assert hints() == missing


def test_the_code_fingerprint_covers_the_model_catalog_and_each_program_s_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cached result was kept under a fingerprint of dipcheck's `.py` files and the paths
    of bash and shellcheck: an update of `data/models.json` alone (DIP108's catalog), or a
    shellcheck upgraded in place, served what the old one found."""
    from dipcheck import fingerprint

    stated: list[str] = []
    real_stat = os.stat

    def stat(path: str, *args: object, **options: object) -> os.stat_result:
        stated.append(str(path))
        return real_stat(path, *args, **options)  # type: ignore[arg-type]

    programs = tmp_path / "bin"
    programs.mkdir()
    shellcheck = programs / "shellcheck"
    shellcheck.write_text("#!/bin/sh\nexit 0\n")
    shellcheck.chmod(0o755)
    monkeypatch.setenv("PATH", f"{programs}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setattr(fingerprint.os, "stat", stat)
    try:
        fingerprint.code_fingerprint.cache_clear()
        first = fingerprint.code_fingerprint()
        assert any(path.endswith(os.path.join("data", "models.json")) for path in stated)
        shellcheck.write_text("#!/bin/sh\n# a newer release\nexit 0\n")
        fingerprint.code_fingerprint.cache_clear()
        assert fingerprint.code_fingerprint() != first
        fingerprint.code_fingerprint.cache_clear()  # (the twin: nothing changed, the same)
        assert fingerprint.code_fingerprint() == fingerprint.code_fingerprint()
    finally:
        fingerprint.code_fingerprint.cache_clear()


def _codes(project: Path, *extra: str) -> list[tuple[str, str]]:
    document = json.loads(_lint(project, *extra).stdout)
    return [(item["file"], item["code"]) for item in document["diagnostics"]]


def test_a_refused_link_is_a_cached_input_so_its_removal_is_seen(
    tmp_path: Path, project: Path
) -> None:
    """A prompt file or folder refused as a link was not recorded (it is never read), so the
    cached DC003 stayed after the link was replaced by what it pointed at; so did a subgraph
    child refused as a link."""
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    (project / "prompts").rename(outside)
    (project / "prompts").symlink_to(outside)  # a folder link out of the tree
    assert _codes(project) == [(f"./{name}.dip", "DC003") for name in ("one", "three", "two")]
    (project / "prompts").unlink()
    outside.rename(project / "prompts")
    assert _codes(project) == [] == _codes(project, "--no-cache")  # (it was three DC003)
    plan = project / "prompts" / "one.md"
    plan.rename(project / "one.md")
    plan.symlink_to(project / "one.md")  # a link at the leaf
    assert _codes(project) == [("./one.dip", "DC003")]
    plan.unlink()
    (project / "one.md").rename(plan)
    assert _codes(project) == [] == _codes(project, "--no-cache")
    # a subgraph child
    (project / "parent.dip").write_text(
        "workflow P\n  start: S\n  exit: E\n  agent S\n    label: S\n"
        "  subgraph C\n    ref: kid.dip\n  agent E\n    label: E\n"
        "  edges\n    S -> C\n    C -> E\n",
        encoding="utf-8",
    )
    (project / "child").mkdir()
    (project / "child" / "kid.dip").write_text(
        "workflow K\n  start: A\n  exit: A\n  agent A\n    prompt: ${ctx.erased}\n"
    )
    (project / "kid.dip").symlink_to(project / "child" / "kid.dip")
    linked = _codes(project)  # (not followed: the child is not read)
    assert linked == _codes(project, "--no-cache") and ("./parent.dip", "DC310") not in linked
    (project / "kid.dip").unlink()
    (project / "child" / "kid.dip").rename(project / "kid.dip")
    loaded = _codes(project)  # (read now: its placeholder is erased when it runs as a child)
    assert loaded == _codes(project, "--no-cache") and ("./parent.dip", "DC310") in loaded


def test_a_folder_swapped_for_a_link_out_of_the_tree_is_refused_not_replayed(
    tmp_path: Path,
) -> None:
    """Both caches checked only that the named file itself is not a link: with its folder
    swapped for a link out of the tree, the cached findings were printed instead of the
    DC002 a lint gives, for the run cache and for the per-file results alike."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    (project / "sub").mkdir(parents=True)
    outside.mkdir()
    (project / "sub" / "a.dip").write_text(WORKFLOW.format(name="A", prompt="none.md"))

    def codes(*extra: str) -> list[str]:
        words = ("lint", "--isolated", "--format", "json", *extra, "sub/a.dip")
        result = dipcheck(*words, cwd=project)
        text = (project / "out.json").read_text() if "-o" in extra else result.stdout
        return [item["code"] for item in json.loads(text)["diagnostics"]]

    for extra in ((), ("-o", "out.json")):
        assert codes(*extra) == ["DC003"] == codes(*extra)  # (the twin: cached, the same)
    (project / "sub" / "a.dip").rename(outside / "a.dip")
    (project / "sub").rmdir()
    (project / "sub").symlink_to(outside)
    for extra in ((), ("-o", "out.json")):
        assert codes(*extra) == ["DC002"] == codes("--no-cache", *extra)


def test_a_parent_made_later_is_a_changed_input_of_its_child(tmp_path: Path) -> None:
    """A child's findings depend on the workflows that run it (DC102 is softened to an info
    without one, and is gone when the parent writes the key); only the parents found were
    recorded, so a parent made, edited or removed later left the cached answer as it was."""
    (tmp_path / "subgraphs").mkdir()
    (tmp_path / "subgraphs" / "child.dip").write_text(
        "workflow Child\n  start: A\n  exit: A\n  agent A\n    prompt: Use ${ctx.notes}\n"
    )
    parent = (
        "workflow Parent\n  start: S\n  exit: E\n  agent S\n    prompt: s\n    writes: notes\n"
        "  subgraph C\n    ref: subgraphs/child.dip\n  agent E\n    prompt: e\n"
        "  edges\n    S -> C\n    C -> E\n"
    )

    def codes(*extra: str) -> list[str]:
        words = ("lint", "--isolated", "--format", "json", *extra, "subgraphs/child.dip")
        document = json.loads(dipcheck(*words, cwd=tmp_path).stdout)
        return [item["code"] for item in document["diagnostics"]]

    assert codes() == ["DC102"] == codes()  # (the second from the cache)
    (tmp_path / "parent.dip").write_text(parent)
    assert codes() == [] == codes("--no-cache")
    (tmp_path / "parent.dip").write_text(parent.replace("    writes: notes\n", ""))
    assert codes() == codes("--no-cache") != []
    (tmp_path / "parent.dip").unlink()
    assert codes() == ["DC102"] == codes("--no-cache")


def test_editing_one_workflow_keeps_its_siblings_cached_and_a_folder_is_listed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record of the folder searched for parents held every sibling's size and time: a
    `touch` of one workflow re-linted all of them (400 files: 0.4 s → 2.7 s), and each lint
    listed and stated the folder again (259,000 stat calls). Counted."""
    text = "workflow {name}\n  start: A\n  exit: A\n  agent A\n    prompt: Use ${{ctx.summary}}\n"
    for name in ("one", "two", "three"):
        (tmp_path / f"{name}.dip").write_text(text.format(name=name.title()))
    _lint(tmp_path)
    before = _entries(tmp_path)
    (tmp_path / "two.dip").write_text(text.format(name="Two") + "\n")
    _lint(tmp_path)
    assert _relinted(before, _entries(tmp_path)) == {"./two.dip"}
    # a workflow made beside them can be a parent: every one is linted again
    (tmp_path / "four.dip").write_text(text.format(name="Four"))
    before = _entries(tmp_path)
    _lint(tmp_path)
    assert _relinted(before, _entries(tmp_path)) == {
        f"./{n}.dip" for n in ("one", "two", "three", "four")
    }
    # one listing of the folder per run, however many of its files are linted
    from dipcheck import files
    from dipcheck.frontends import common

    listed: list[str] = []
    real = files.dip_files_record
    monkeypatch.setattr(
        common, "dip_files_record", lambda folder: listed.append(folder) or real(folder)
    )
    monkeypatch.chdir(tmp_path)
    engine.lint_paths(["."], jobs=1)
    assert listed.count(os.path.realpath(tmp_path)) == 1

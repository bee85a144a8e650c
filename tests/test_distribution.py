"""Distribution: the pre-commit hook, run for real with `pre-commit try-repo` in a throwaway
git repository, and the composite GitHub Action (action.yml): its structure, and the scripts
it runs, run with bash."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from helpers import PROJECT, unsealed, write_sealed
from ruamel.yaml import YAML

BIN = Path(sys.executable).parent
GOOD = (
    "workflow Good\n  start: A\n  exit: B\n  agent A\n    label: A\n  agent B\n    label: B\n"
    "  edges\n    A -> B\n"
)
BAD = GOOD.replace("A -> B", "A -> Bee")
GOOD_DOT = (
    'digraph Good {\n  start [shape=Mdiamond]\n  work [shape=box, prompt="Do it."]\n'
    "  done [shape=Msquare]\n  start -> work\n  work -> done\n}\n"
)
BAD_DOT = GOOD_DOT.replace("work -> done", "work -> dnoe")
PLAIN_GRAPH = "digraph Drawing {\n  a -> b\n  b [color=red]\n}\n"


def _git(directory: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args],
        cwd=directory,
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One pre-commit store for the module: the hook environment is built once."""
    return tmp_path_factory.mktemp("pre-commit-home")


def _pre_commit(
    repository: Path, home: Path, *words: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``pre-commit WORDS`` in ``repository`` with the store ``home`` (and ``env`` added)."""
    environment = {
        key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH")
    }
    environment["PRE_COMMIT_HOME"] = str(home)
    environment["PATH"] = f"{BIN}{os.pathsep}{environment.get('PATH', '')}"
    environment.update(env or {})
    return subprocess.run(
        [str(BIN / "pre-commit"), *words],
        cwd=repository,
        capture_output=True,
        text=True,
        env=environment,
        timeout=900,
        check=False,
    )


def _try_repo(
    repository: Path, home: Path, hook: str = "dipcheck"
) -> subprocess.CompletedProcess[str]:
    return _pre_commit(repository, home, "try-repo", str(PROJECT), hook, "--all-files")


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.skipif(not (PROJECT / ".git").exists(), reason="the checkout is not a git repository")
def test_pre_commit_on_a_terminal_is_answered_from_the_run_cache(
    tmp_path: Path, pre_commit_home: Path
) -> None:
    """With colour on, pre-commit runs its hooks on a pseudo-terminal (so does a `git commit`
    in a terminal): the second run of the hook on unchanged files is answered from the run
    cache, told by the output kept in the entry being replaced by a marker. (`try-repo`
    installs the hook afresh each time, a new fingerprint: a configured repository at this
    checkout's commit is run instead.)"""
    from dipcheck import replay

    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=PROJECT, capture_output=True, text=True, check=True
    ).stdout.strip()
    repository = tmp_path / "repo"
    repository.mkdir()
    _git(repository, "init", "-q")
    (repository / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {PROJECT}\n    rev: {head}\n    hooks:\n      - id: dipcheck\n",
        encoding="utf-8",
    )
    (repository / "bad.dip").write_text(BAD, encoding="utf-8")
    (repository / "good.dot").write_text(GOOD_DOT, encoding="utf-8")
    _git(repository, "add", ".")

    def run() -> subprocess.CompletedProcess[str]:
        cache = {"DIPCHECK_CACHE_DIR": str(tmp_path / "cache")}
        words = ("run", "--all-files", "--color", "always")
        return _pre_commit(repository, pre_commit_home, *words, env=cache)

    first = run()
    assert first.returncode == 1 and "DIP003" in first.stdout, first.stdout + first.stderr
    assert "\x1b[1;31merror[DIP003]" in first.stdout  # coloured by dipcheck: a terminal
    [entry] = (tmp_path / "cache" / replay.RUNS).iterdir()
    fields = replay._fields(unsealed(entry))
    assert fields is not None
    fields[2] = b"answered from the run cache\n"
    write_sealed(entry, replay._encode(fields))  # (the hook runs as this user: this key)
    second = run()
    assert second.returncode == 1 and "answered from the run cache" in second.stdout
    assert "DIP003" not in second.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.skipif(not (PROJECT / ".git").exists(), reason="the checkout is not a git repository")
def test_pre_commit_hook_passes_a_good_workflow_and_fails_a_bad_one(
    tmp_path: Path, pre_commit_home: Path
) -> None:
    repository = tmp_path / "repo"
    repository.mkdir()
    _git(repository, "init", "-q")
    (repository / "good.dip").write_text(GOOD, encoding="utf-8")
    (repository / "good.dot").write_text(GOOD_DOT, encoding="utf-8")
    (repository / "notes.yaml").write_text("just: some yaml\n", encoding="utf-8")  # no workflow
    _git(repository, "add", ".")
    good = _try_repo(repository, pre_commit_home)
    assert good.returncode == 0, good.stdout + good.stderr
    assert re.search(r"^dipcheck\.+Passed$", good.stdout, re.MULTILINE), good.stdout
    (repository / "bad.dip").write_text(BAD, encoding="utf-8")
    (repository / "bad.dot").write_text(BAD_DOT, encoding="utf-8")
    _git(repository, "add", ".")
    bad = _try_repo(repository, pre_commit_home)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert re.search(r"^dipcheck\.+Failed$", bad.stdout, re.MULTILINE), bad.stdout
    assert "error[DIP003]: edge target `Bee` is not a declared node" in bad.stdout
    assert "bad.dot:6:" in bad.stdout and "`dnoe`" in bad.stdout  # .dot files reach the hook
    report = bad.stdout.split("hook id: dipcheck", 1)[1]
    assert "good.dip" not in report and "good.dot" not in report and "notes.yaml" not in report
    # pre-commit names every .dot file, and a named file is linted whatever it looks like (a
    # pipeline whose start node has the wrong shape must fail): keep drawings out with the
    # hook's `exclude:`
    (repository / "bad.dip").unlink()
    (repository / "bad.dot").unlink()
    (repository / "drawing.dot").write_text(PLAIN_GRAPH, encoding="utf-8")
    _git(repository, "add", "-A")
    drawing = _try_repo(repository, pre_commit_home)
    assert drawing.returncode == 1, drawing.stdout + drawing.stderr
    assert "drawing.dot:1:1" in drawing.stdout


WORKFLOW_TESTS = """\
- name: a runs before b
  expect: {path: [A, B], status: success}
"""


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.skipif(not (PROJECT / ".git").exists(), reason="the checkout is not a git repository")
def test_pre_commit_test_hook_runs_the_tests_beside_the_workflows(
    tmp_path: Path, pre_commit_home: Path
) -> None:
    repository = tmp_path / "repo"
    repository.mkdir()
    _git(repository, "init", "-q")
    (repository / "good.dip").write_text(GOOD, encoding="utf-8")
    (repository / "good.tests.yaml").write_text(WORKFLOW_TESTS, encoding="utf-8")
    (repository / "notes.yaml").write_text("just: some yaml\n", encoding="utf-8")
    (repository / "package.json").write_text("{}\n", encoding="utf-8")
    _git(repository, "add", ".")
    good = _try_repo(repository, pre_commit_home, "dipcheck-test")
    assert good.returncode == 0, good.stdout + good.stderr
    assert re.search(r"^dipcheck test\.+Passed$", good.stdout, re.MULTILINE), good.stdout
    (repository / "good.dip").write_text(
        GOOD.replace("A -> B", "A -> C\n    C -> B").replace(
            "  agent B\n", "  agent C\n    label: C\n  agent B\n"
        ),
        encoding="utf-8",
    )
    _git(repository, "add", ".")
    bad = _try_repo(repository, pre_commit_home, "dipcheck-test")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert re.search(r"^dipcheck test\.+Failed$", bad.stdout, re.MULTILINE), bad.stdout
    assert "good.tests.yaml::a runs before b FAILED" in bad.stdout
    assert "step 2 is 'C', not 'B'" in bad.stdout


# -- the GitHub Action ------------------------------------------------------------------------

ACTION = YAML(typ="safe").load((PROJECT / "action.yml").read_text(encoding="utf-8"))
STEPS = ACTION["runs"]["steps"]
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def _step(name: str) -> dict:  # type: ignore[type-arg]
    (found,) = [step for step in STEPS if step["name"] == name]
    return found


def _expressions(value: object) -> list[str]:
    if isinstance(value, dict):
        return [item for part in value.values() for item in _expressions(part)]
    if isinstance(value, list):
        return [item for part in value for item in _expressions(part)]
    return _EXPRESSION.findall(value) if isinstance(value, str) else []


def test_action_structure() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert {"paths", "args", "version", "sarif-file", "upload", "fail-on-findings"} <= set(
        ACTION["inputs"]
    )
    for name, spec in ACTION["inputs"].items():
        assert spec["description"] and "default" in spec, name
    declared = set(ACTION["inputs"])
    for expression in _expressions(ACTION):
        if expression.startswith("inputs."):
            assert expression.removeprefix("inputs.") in declared, expression
    for step in STEPS:
        if "run" in step:
            assert step["shell"] == "bash"
            assert "${{" not in step["run"], f"{step['name']}: an expression spliced into a script"
    upload = _step("Upload to code scanning")
    assert upload["uses"] == "github/codeql-action/upload-sarif@v3"
    assert upload["with"]["sarif_file"] == "${{ inputs.sarif-file }}"
    assert "dipcheck lint --format sarif" in _step("Lint to SARIF")["run"]
    assert ACTION["outputs"]["sarif-file"]["value"] == "${{ steps.lint.outputs.sarif-file }}"


def _run_step(
    name: str, directory: Path, inputs: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Run a step's script with bash the way the runner would: its env with the inputs'
    values substituted, dipcheck on PATH, GITHUB_OUTPUT a file."""
    step = _step(name)
    env = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["GITHUB_OUTPUT"] = str(directory / "github_output")
    for key, value in step.get("env", {}).items():
        env[key] = _EXPRESSION.sub(
            lambda match: inputs[match.group(1).removeprefix("inputs.")], value
        )
    return subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=directory,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_action_lint_step_writes_valid_sarif_and_the_last_step_fails(tmp_path: Path) -> None:
    (tmp_path / "good.dip").write_text(GOOD, encoding="utf-8")
    (tmp_path / "flows").mkdir()
    (tmp_path / "flows" / "bad.dip").write_text(BAD, encoding="utf-8")
    inputs = {key: str(spec["default"]) for key, spec in ACTION["inputs"].items()}
    inputs["args"] = "--select DIP003 --fail-on error"
    lint = _run_step("Lint to SARIF", tmp_path, inputs)
    assert lint.returncode == 0, lint.stderr
    assert (tmp_path / "github_output").read_text() == "sarif-file=dipcheck.sarif\n"
    document = json.loads((tmp_path / "dipcheck.sarif").read_text(encoding="utf-8"))
    schema = json.loads((PROJECT / "tests" / "schemas" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.Draft7Validator(schema).validate(document)
    results = document["runs"][0]["results"]
    assert [
        (item["ruleId"], item["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        for item in results
    ] == [("DIP003", "flows/bad.dip")]
    fail = _run_step("Fail on findings", tmp_path, inputs)
    assert fail.returncode == 1
    assert fail.stdout.startswith("./flows/bad.dip:9:10: DIP003 [error]")
    inputs["paths"] = "good.dip"
    assert _run_step("Fail on findings", tmp_path, inputs).returncode == 0


def test_action_install_step_installs_the_checkout_or_a_requirement() -> None:
    script = _step("Install dipcheck")["run"]
    assert 'pip install --disable-pip-version-check "$ACTION_PATH"' in script
    assert 'pip install --disable-pip-version-check "$DIPCHECK_REQUIREMENT"' in script
    assert (PROJECT / "pyproject.toml").is_file()  # what "$ACTION_PATH" installs

"""The GitHub Action's optional pull-request comment (action.yml, tools/pr_diff_comment.py): its
step, and the script run as the runner would run it — in a git repository with a base and a
head commit, a fake pull_request event payload, and either a dry run or a fake REST API on
127.0.0.1 that records what the script asks."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import PROJECT, dedent
from ruamel.yaml import YAML

ACTION = YAML(typ="safe").load((PROJECT / "action.yml").read_text(encoding="utf-8"))
(STEP,) = [step for step in ACTION["runs"]["steps"] if "pr_diff_comment" in step.get("run", "")]
_EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
MARKER = "<!-- dipcheck-diff -->"

BASE = dedent(
    """
    workflow Ship
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Build
        prompt:
          Build the project.
      tool Test
        command: make test
        timeout: 5m
      agent Done
        label: Done
      edges
        Start -> Build
        Build -> Test
        Test -> Done  when ctx.outcome = success
        Test -> Build  when ctx.outcome = fail  loop
    """
)
HEAD = BASE.replace("Build the project.", "Build the project with tests.").replace(
    "when ctx.outcome = success", "when ctx.outcome = succes"
)


def test_the_step_is_optional_and_takes_its_inputs_from_the_environment() -> None:
    inputs = ACTION["inputs"]
    assert inputs["diff-comment"]["default"] == "false"
    assert inputs["github-token"]["default"] == "${{ github.token }}"
    assert STEP["if"].startswith("inputs.diff-comment == 'true' && ")
    assert "github.event_name == 'pull_request'" in STEP["if"]
    assert "${{" not in STEP["run"]
    assert STEP["env"]["GITHUB_TOKEN"] == "${{ inputs.github-token }}"
    names = [step["name"] for step in ACTION["runs"]["steps"]]
    # the comment is written before a failing lint stops the job
    assert names.index(STEP["name"]) < names.index("Fail on findings")
    # and a failing comment does not skip the steps after it, which follow the lint itself
    # (a bare `if:` means success(): a comment step that failed skipped the upload; eleventh
    # audit)
    for name in ("Upload to code scanning", "Fail on findings"):
        (step,) = [item for item in ACTION["runs"]["steps"] if item["name"] == name]
        assert step["if"].startswith("${{ !cancelled() && steps.lint.outcome == 'success' && ")


def git(directory: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=directory,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture
def repository(tmp_path: Path) -> tuple[Path, Path]:
    """A repository whose head commit modifies ship.dip, renames and edits flow.dot, adds
    new.dip, deletes old.dip and touches a README; and the pull_request event of it."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "ship.dip").write_text(BASE, encoding="utf-8")
    (repo / "old.dip").write_text(BASE.replace("Ship", "Old"), encoding="utf-8")
    dot = (PROJECT / "fixtures" / "dot" / "review.dot").read_text(encoding="utf-8")
    (repo / "flow.dot").write_text(dot, encoding="utf-8")
    (repo / "README.md").write_text("hello\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    base = git(repo, "rev-parse", "HEAD")
    (repo / "ship.dip").write_text(HEAD, encoding="utf-8")
    (repo / "old.dip").unlink()
    fixture = PROJECT / "fixtures" / "graph" / "review.dip"
    (repo / "new.dip").write_text(fixture.read_text(encoding="utf-8"), encoding="utf-8")
    git(repo, "mv", "flow.dot", "review.dot")
    (repo / "README.md").write_text("hello again\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "head")
    head = git(repo, "rev-parse", "HEAD")
    event = tmp_path / "event.json"
    payload = {
        "number": 7,
        "pull_request": {"number": 7, "base": {"sha": base}, "head": {"sha": head}},
    }
    event.write_text(json.dumps(payload), encoding="utf-8")
    return repo, event


def run_step(repo: Path, event: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The step's script under bash, as the runner runs it: its env with the expressions
    substituted, this Python first on PATH."""
    values = {
        "inputs.github-token": "secret-token",
        "inputs.diff-args": "",
        "github.action_path": str(PROJECT),
    }
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    environment["GITHUB_EVENT_PATH"] = str(event)
    environment["GITHUB_REPOSITORY"] = "acme/flows"
    for key, value in STEP["env"].items():
        environment[key] = _EXPRESSION.sub(lambda match: values[match.group(1)], value)
    environment.update(env)
    return subprocess.run(
        ["bash", "-e", "-c", STEP["run"]],
        cwd=repo,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_dry_run_writes_one_section_per_changed_workflow(repository: tuple[Path, Path]) -> None:
    repo, event = repository
    done = run_step(repo, event, DIPCHECK_DIFF_DRY_RUN="1")
    assert done.returncode == 0, done.stderr
    body = done.stdout
    assert body.startswith(f"{MARKER}\n## dipcheck: what the workflow changes do\n")
    headings = re.findall(r"^### (.*)$", body, re.MULTILINE)
    assert headings == ["`flow.dot` → `review.dot`", "`new.dip`", "`old.dip`", "`ship.dip`"]
    ship = body.split("`ship.dip`", 1)[1]
    assert "condition of edge `Test -> Done`" in ship
    assert 'outcome = "success"' in ship and 'outcome = "succes"' in ship
    assert "prompt `prompt` of `Build`" in ship
    assert "can no longer fire" in ship and "DC313" in ship
    renamed = body.split("`flow.dot` → `review.dot`", 1)[1].split("###", 1)[0]
    assert "no semantic change" in renamed
    assert "README" not in body
    assert "A new workflow." in body and "The workflow is removed." in body


class FakeGitHub(BaseHTTPRequestHandler):
    comments: ClassVar[list[dict[str, Any]]] = []
    requests: ClassVar[list[tuple[str, str, Any, str]]] = []

    def _answer(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _record(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        payload = json.loads(self.rfile.read(length)) if length else None
        self.requests.append(
            (self.command, self.path, payload, self.headers.get("Authorization", ""))
        )
        return payload

    def do_GET(self) -> None:
        self._record()
        if urlsplit(self.path).path == "/user":  # (the workflow's own token may not ask)
            self._answer(403, {"message": "Resource not accessible by integration"})
            return
        query = parse_qs(urlsplit(self.path).query)
        self._answer(200, self.comments if query.get("page") == ["1"] else [])

    def do_POST(self) -> None:
        payload = self._record()
        comment = {"id": 41, "body": payload["body"], "user": {"login": "github-actions[bot]"}}
        self.comments.append(comment)
        self._answer(201, comment)

    def do_PATCH(self) -> None:
        payload = self._record()
        number = int(urlsplit(self.path).path.rsplit("/", 1)[1])
        comment = next(item for item in self.comments if item["id"] == number)
        comment["body"] = payload["body"]
        self._answer(200, comment)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def github() -> Iterator[str]:
    FakeGitHub.comments = [
        {"id": 3, "body": "an unrelated comment", "user": {"login": "someone"}},
        # anyone can write the marker in a comment of theirs: it is not the step's
        {"id": 5, "body": f"{MARKER} mine now", "user": {"login": "someone"}},
    ]
    FakeGitHub.requests = []
    server = HTTPServer(("127.0.0.1", 0), FakeGitHub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()


def test_posts_one_comment_then_edits_it(repository: tuple[Path, Path], github: str) -> None:
    repo, event = repository
    first = run_step(repo, event, GITHUB_API_URL=github)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "dipcheck diff comment: created comment 41"
    methods = [(method, path.split("?")[0]) for method, path, _, _ in FakeGitHub.requests]
    assert methods == [
        ("GET", "/user"),
        ("GET", "/repos/acme/flows/issues/7/comments"),
        ("GET", "/repos/acme/flows/issues/7/comments"),
        ("POST", "/repos/acme/flows/issues/7/comments"),
    ]
    assert all(auth == "Bearer secret-token" for *_, auth in FakeGitHub.requests)
    posted = FakeGitHub.requests[-1][2]["body"]
    assert posted.startswith(MARKER) and "`ship.dip`" in posted
    FakeGitHub.requests.clear()
    second = run_step(repo, event, GITHUB_API_URL=github)
    assert second.returncode == 0, second.stderr
    assert second.stdout.strip() == "dipcheck diff comment: updated comment 41"
    assert [(m, p.split("?")[0]) for m, p, _, _ in FakeGitHub.requests] == [
        ("GET", "/user"),
        ("GET", "/repos/acme/flows/issues/7/comments"),
        ("PATCH", "/repos/acme/flows/issues/comments/41"),
    ]
    # the unrelated ones, the marker of another's untouched (eleventh audit), and
    # ours, edited in place
    assert len(FakeGitHub.comments) == 3
    assert FakeGitHub.comments[1]["body"] == f"{MARKER} mine now"


def test_refuses_what_is_not_a_pull_request(tmp_path: Path, repository: tuple[Path, Path]) -> None:
    repo, _ = repository
    push = tmp_path / "push.json"
    push.write_text(json.dumps({"ref": "refs/heads/main"}), encoding="utf-8")
    done = run_step(repo, push, DIPCHECK_DIFF_DRY_RUN="1")
    assert done.returncode == 1
    assert "the event is not a pull request" in done.stderr
    forged = tmp_path / "forged.json"
    forged.write_text(
        json.dumps({"pull_request": {"number": 1, "base": {"sha": "--output=x"}, "head": {}}}),
        encoding="utf-8",
    )
    done = run_step(repo, forged, DIPCHECK_DIFF_DRY_RUN="1")
    assert done.returncode == 1 and "no pull request number, base sha and head sha" in done.stderr


def test_a_file_name_of_the_pull_request_cannot_leave_its_code_span(tmp_path: Path) -> None:
    """File names come from the pull request: one holding a backtick put raw HTML and a team
    mention into the comment's heading, one holding a line break a heading of its own
    (eleventh audit). Each name is one line in a code span no backtick of it ends."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "keep.dip").write_text(BASE, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    base = git(repo, "rev-parse", "HEAD")
    hostile = "a`<img src=x.invalid> @acme-all`.dip"
    lined = "b\n## All checks passed.dip"
    for name in (hostile, lined):
        (repo / name).write_text(BASE, encoding="utf-8")
    (repo / "keep.dip").write_text(HEAD, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "head")
    event = tmp_path / "event.json"
    payload = {
        "number": 7,
        "pull_request": {
            "number": 7,
            "base": {"sha": base},
            "head": {"sha": git(repo, "rev-parse", "HEAD")},
        },
    }
    event.write_text(json.dumps(payload), encoding="utf-8")
    done = run_step(repo, event, DIPCHECK_DIFF_DRY_RUN="1")
    assert done.returncode == 0, done.stderr
    headings = re.findall(r"^#+ (.*)$", done.stdout, re.MULTILINE)
    assert headings == [
        "dipcheck: what the workflow changes do",
        "``a`<img src=x.invalid> @acme-all`.dip``",
        "`b\\x0a## All checks passed.dip`",
        "`keep.dip`",  # (the twin: a plain name)
    ]

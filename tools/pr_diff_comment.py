#!/usr/bin/env python3
"""Post, or update, one pull-request comment with ``dipcheck diff`` of each changed workflow.

The GitHub Action's optional "diff-comment" step runs this (action.yml). It reads the pull
request from the event payload (``GITHUB_EVENT_PATH``), lists the workflow files the pull
request changes (``git diff --name-status`` between the base and head commits, which the
checkout must have fetched: ``fetch-depth: 0``), runs ``dipcheck diff git:BASE:old
git:HEAD:new --format markdown`` for each, and writes one comment, marked with
:data:`MARKER`, through the REST API: the comment is created the first time and edited
afterwards; with no workflow change and no earlier comment nothing is posted.

Environment: ``GITHUB_TOKEN`` (``pull-requests: write``), ``GITHUB_REPOSITORY``,
``GITHUB_API_URL`` (default https://api.github.com), ``DIPCHECK_DIFF_SUFFIXES`` (default
``.dip .dot``), ``DIPCHECK_DIFF_ARGS`` (more ``dipcheck diff`` options), and
``DIPCHECK_DIFF_DRY_RUN=1`` to print the comment instead of posting it. Only the standard
library is used; git and dipcheck run with argument lists, never through a shell.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

MARKER = "<!-- dipcheck-diff -->"
ACTIONS_BOT = "github-actions[bot]"  # who posts with the workflow's own GITHUB_TOKEN
MAX_BODY = 60_000  # GitHub refuses comments above 65,536 characters
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_REPOSITORY = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")
TIMEOUT = 300


class Failure(Exception):
    """Something this step cannot do; its message is printed and the step fails."""


@dataclass(frozen=True)
class Change:
    status: str  # A, M, D or R
    old: str
    new: str


def pull_request(path: str) -> tuple[int, str, str]:
    """The pull request's number and its base and head commits."""
    try:
        with open(path, encoding="utf-8") as handle:
            event = json.load(handle)
    except (OSError, ValueError) as error:
        raise Failure(f"cannot read the event payload {path}: {error}") from None
    request = event.get("pull_request") if isinstance(event, dict) else None
    if not isinstance(request, dict):
        raise Failure("the event is not a pull request (run this step on pull_request events)")
    number = request.get("number", event.get("number"))
    base = (request.get("base") or {}).get("sha", "")
    head = (request.get("head") or {}).get("sha", "")
    if (
        not isinstance(number, int)
        or not _SHA.fullmatch(str(base))
        or not _SHA.fullmatch(str(head))
    ):
        raise Failure("the event payload has no pull request number, base sha and head sha")
    return number, base, head


def git(*args: str) -> str:
    done = subprocess.run(
        ["git", "--no-pager", *args], capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    if done.returncode != 0:
        raise Failure(f"git {args[0]} failed: {done.stderr.strip()[:500]}")
    return done.stdout


def changed_files(base: str, head: str, suffixes: tuple[str, ...]) -> list[Change]:
    """Workflow files the pull request adds, modifies, renames or deletes."""
    try:
        listing = git("diff", "--name-status", "-M", "-z", f"{base}...{head}", "--")
    except Failure:  # no merge base in a shallow clone: compare the two commits directly
        listing = git("diff", "--name-status", "-M", "-z", base, head, "--")
    fields = listing.split("\0")
    result: list[Change] = []
    index = 0
    while index < len(fields) and fields[index]:
        status = fields[index][0]
        if status in "RC":
            old, new = fields[index + 1], fields[index + 2]
            index += 3
        else:
            old = new = fields[index + 1]
            index += 2
        if status == "C":
            status = "A"
        if new.lower().endswith(suffixes) or old.lower().endswith(suffixes):
            result.append(Change(status, old, new))
    return sorted(result, key=lambda change: (change.old, change.new))


_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _name(path: str) -> str:
    """A file name of the pull request as Markdown that nothing in it can leave: one line
    (its controls and line breaks as ``\\xNN``), in a code span delimited by one backtick more
    than its longest run (a name holding a backtick, `<img …>` or a line break put HTML,
    mentions and headings of its own into the comment)."""
    line = _CONTROLS.sub(lambda found: f"\\x{ord(found.group()):02x}", path)
    fence = "`" * (max((len(run) for run in re.findall("`+", line)), default=0) + 1)
    pad = " " if line.startswith("`") or line.endswith("`") else ""
    return f"{fence}{pad}{line}{pad}{fence}"


def section(change: Change, base: str, head: str, extra: list[str]) -> str:
    if change.old == change.new:
        shown = _name(change.new)
    else:
        shown = f"{_name(change.old)} → {_name(change.new)}"
    if change.status == "A":
        return f"### {_name(change.new)}\n\nA new workflow.\n"
    if change.status == "D":
        return f"### {_name(change.old)}\n\nThe workflow is removed.\n"
    command = [
        sys.executable,
        "-m",
        "dipcheck",
        "diff",
        f"git:{base}:{change.old}",
        f"git:{head}:{change.new}",
        "--format",
        "markdown",
        "--exit-zero",
        "--title",
        shown,
        *extra,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    if done.returncode != 0:
        reason = (done.stderr.strip() or "no output")[:2000]
        return f"### {shown}\n\n`dipcheck diff` could not compare it:\n\n```\n{reason}\n```\n"
    return done.stdout


def body(sections: list[str], head: str) -> str:
    text = f"{MARKER}\n## dipcheck: what the workflow changes do\n\n"
    if not sections:
        text += "No workflow file changes any more.\n"
    text += "\n".join(sections)
    text += f"\n<sub>`dipcheck diff` at {head[:12]}</sub>\n"
    if len(text) > MAX_BODY:
        cut = text[:MAX_BODY].rsplit("\n", 1)[0]
        text = cut + "\n\n… (cut: the full report is `dipcheck diff` in the job's log)\n"
    return text


class Api:
    def __init__(self, url: str, repository: str, token: str) -> None:
        if not _REPOSITORY.fullmatch(repository):
            raise Failure(f"GITHUB_REPOSITORY is not owner/name: {repository!r}")
        if not url.startswith(("https://", "http://127.0.0.1", "http://localhost")):
            raise Failure(f"GITHUB_API_URL must be https: {url!r}")
        self.url = url.rstrip("/")
        self.repository = repository
        self.token = token

    def call(self, method: str, path: str, payload: dict[str, Any] | None = None) -> Any:
        data = json.dumps(payload).encode("utf-8") if payload is not None else None
        request = urllib.request.Request(
            f"{self.url}{path}",
            data=data,
            method=method,
            headers={
                "Accept": "application/vnd.github+json",
                "Authorization": f"Bearer {self.token}",
                "X-GitHub-Api-Version": "2022-11-28",
                "User-Agent": "dipcheck-diff-comment",
                **({"Content-Type": "application/json"} if data is not None else {}),
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read().decode("utf-8") or "null")
        except urllib.error.HTTPError as error:
            detail = error.read().decode("utf-8", errors="replace")[:300]
            raise Failure(f"{method} {path}: HTTP {error.code} {detail}") from None
        except urllib.error.URLError as error:
            raise Failure(f"{method} {path}: {error.reason}") from None

    def identity(self) -> str:
        """The login the token posts as: ``GET /user`` answers for a personal token; the
        workflow's own token may not ask (403), and posts as ``github-actions[bot]``."""
        try:
            found = self.call("GET", "/user")
        except Failure:
            found = None
        login = found.get("login") if isinstance(found, dict) else None
        return login if isinstance(login, str) and login else ACTIONS_BOT

    def existing(self, number: int) -> int | None:
        """The id of this step's earlier comment on the pull request, if any: one that holds
        :data:`MARKER` and that the token's own login wrote (anyone can write the marker in a
        comment of theirs, which was then edited, or refused the edit on every push)."""
        author = self.identity()
        page = 1
        while page <= 50:
            path = f"/repos/{self.repository}/issues/{number}/comments?per_page=100&page={page}"
            comments = self.call("GET", path)
            if not isinstance(comments, list) or not comments:
                return None
            for comment in comments:
                if not isinstance(comment, dict) or MARKER not in str(comment.get("body", "")):
                    continue
                user = comment.get("user")
                if isinstance(user, dict) and user.get("login") == author:
                    return int(comment["id"])
            page += 1
        return None

    def publish(self, number: int, text: str, changed: bool) -> str:
        found = self.existing(number)
        if found is not None:
            self.call("PATCH", f"/repos/{self.repository}/issues/comments/{found}", {"body": text})
            return f"updated comment {found}"
        if not changed:
            return "no workflow change and no earlier comment: nothing posted"
        created = self.call(
            "POST", f"/repos/{self.repository}/issues/{number}/comments", {"body": text}
        )
        return f"created comment {created.get('id') if isinstance(created, dict) else '?'}"


def main() -> int:
    try:
        number, base, head = pull_request(os.environ.get("GITHUB_EVENT_PATH", ""))
        suffixes = tuple(
            item.lower() for item in os.environ.get("DIPCHECK_DIFF_SUFFIXES", ".dip .dot").split()
        )
        extra = shlex.split(os.environ.get("DIPCHECK_DIFF_ARGS", ""))
        changes = changed_files(base, head, suffixes)
        sections = [section(change, base, head, extra) for change in changes]
        text = body(sections, head)
        if os.environ.get("DIPCHECK_DIFF_DRY_RUN") == "1":
            sys.stdout.write(text)
            return 0
        token = os.environ.get("GITHUB_TOKEN", "")
        if not token:
            raise Failure("GITHUB_TOKEN is empty: give the step a token (github-token input)")
        api = Api(
            os.environ.get("GITHUB_API_URL", "https://api.github.com"),
            os.environ.get("GITHUB_REPOSITORY", ""),
            token,
        )
        print(f"dipcheck diff comment: {api.publish(number, text, bool(changes))}")
        return 0
    except Failure as error:
        print(f"dipcheck diff comment: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

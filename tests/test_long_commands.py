"""How long a tool command is likely to run (DIP111 reads it against tracker's 30 s default):
each program class, the wrappers and the thresholds, with the text that decides."""

from __future__ import annotations

import pytest

from dipcheck.analysis.long_commands import Pace, read_command


@pytest.mark.parametrize(
    ("command", "shown", "what"),
    [
        ("go test ./...", "go test ./...", "a Go build or test run"),
        ("cd app && cargo build --release 2>&1 | tail", "cargo build --release 2>&1", None),
        ("set -eu\nnpm ci\nnpm run build", "npm ci", None),
        ("python3 -m pytest -q", "python3 -m pytest -q", "a test run"),
        ("sudo -E apt-get install -y jq", "sudo -E apt-get install -y jq", None),
        ("yarn", "yarn", None),
        ("claude -p 'fix it'", "claude -p 'fix it'", "an agent CLI session"),
        ("sleep 45", "sleep 45", "a `sleep 45`"),
        ("sleep 2m", "sleep 2m", "a `sleep 2m`"),
        ("timeout 600 ./deploy.sh", "timeout 600 ./deploy.sh", None),
        ("until test -f ok; do sleep 5; done", "until test -f ok; do sleep 5; done", None),
        ("git clone https://x/y.git", "git clone https://x/y.git", None),
    ],
)
def test_long_commands(command: str, shown: str, what: str | None) -> None:
    reading = read_command(command)
    assert reading.pace is Pace.LONG
    assert command[reading.start : reading.end] == shown
    if what is not None:
        assert reading.what == what


@pytest.mark.parametrize(
    "command",
    [
        "echo done",
        "mkdir -p .ai && cp a b",
        "sleep 5",
        "git status --short",
        "test -f x || exit 1",
        # a `while read` loop walks its input and ends with it: not a polling loop (tracker's
        # dotpowers PickNextTask picks the first open task of a plan this way)
        "grep -oE 'task-[0-9]+' plan.md | while read -r tid; do\n  echo \"$tid\"\n  break\ndone",
        'cat list | while IFS= read -r line; do echo "$line"; done',
    ],
)
def test_quick_commands(command: str) -> None:
    assert read_command(command).pace is Pace.QUICK


@pytest.mark.parametrize(
    "command", ["./scripts/check.sh", "python tool.py", "curl -sf https://x/health", "timeout 10 x"]
)
def test_unknown_commands(command: str) -> None:
    assert read_command(command).pace is Pace.UNKNOWN

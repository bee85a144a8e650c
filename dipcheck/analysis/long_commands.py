"""How long a tool command is likely to run, read from the programs it starts.

tracker gives a tool node without ``timeout:`` a 30 second limit and kills the command's
process group when it expires; the handler then returns an error and the whole run fails
(``pipeline/handlers/tool.go`` ``defaultToolTimeout``, ``agent/exec/local.go``
``translateExecError``, ``pipeline/engine.go`` ``handleNodeError``). DIP111 uses this module
to say which commands are likely to outlive that limit.

The reading is deliberately coarse: a command is *long* when it runs something that
ordinarily takes more than 30 seconds (a build, a test suite, a package install, a container
build, an agent CLI, a polling loop, a ``sleep`` or ``timeout`` of 30 seconds or more), *quick*
when every program in it is a file or text utility that finishes at once, and *unknown*
otherwise (a project script, an interpreter, a network call).
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cache

from dipcheck.analysis.shell_words import SimpleCommand, simple_commands
from dipcheck.lazyre import lazy
from dipcheck.records import record

LIMIT_SECONDS = 30


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# program -> (subcommands that are long, or None for any use; what it is)
_LONG: dict[str, tuple[frozenset[str] | None, str]] = {}


def _add(names: str, what: str, subcommands: str | None = None) -> None:
    words = _words(subcommands) if subcommands is not None else None
    for name in names.split():
        _LONG[name] = (words, what)


_add(
    "pytest py.test tox nox jest vitest mocha rspec phpunit ctest playwright cypress", "a test run"
)
_add("make cmake ninja bazel bazelisk buck mvn mvnw gradle gradlew ant sbt xcodebuild", "a build")
_add("tsc webpack", "a build")
_add("go", "a Go build or test run", "build test install generate run")
_add("cargo", "a Cargo build or test run", "build test run install check clippy bench nextest doc")
_add("npm", "an npm install, build or test run", "install i ci test t run run-script exec")
_add("yarn pnpm bun", "a JavaScript install, build or test run", "install add test run build")
_add("npx", "an npx run (it may download the package first)")
_add("pip pip3 uv poetry pipenv", "a Python package install", "install sync lock add")
_add("bundle gem composer", "a package install", "install update exec")
_add("apt apt-get brew dnf yum apk", "a system package install", "install update upgrade add")
_add("dotnet swift", "a build or test run", "build test publish restore run")
_add("docker podman", "a container build or run", "build run pull push compose buildx")
_add("docker-compose", "a container run", "up build run pull")
_add("git", "a clone over the network", "clone submodule lfs")
_add("terraform pulumi", "an infrastructure change", "apply plan init destroy up refresh")
_add("helm", "a release install", "install upgrade")
_add("kubectl", "a rollout wait", "wait")
_add("ansible-playbook", "a playbook run")
_add("claude codex gemini aider opencode amp cursor-agent tracker", "an agent CLI session")

# Programs that finish at once (file and text utilities, shell builtins).
_QUICK = _words(
    """echo printf cat test [ [[ true false : cd pwd export set unset shift mkdir cp mv rm ln
    touch ls grep egrep fgrep sed awk jq yq head tail wc sort uniq cut tr date basename dirname
    realpath readlink stat diff cmp tee env printenv exit return chmod chown file which command
    type read local declare readonly trap wait rmdir du df seq sha256sum shasum md5sum base64
    hostname whoami uname id for break continue"""
)
_QUICK_GIT = _words(
    """status diff log show rev-parse add commit branch checkout switch stash tag config remote
    ls-files worktree merge-base describe restore reset rm mv init"""
)
# Words that start another program (the program is the next word that is not an option).
_WRAPPERS = frozenset({"sudo", "env", "nice", "nohup", "time", "exec", "command", "xargs"})


# A `while`/`until` loop that waits for something; `while read …` walks its input and ends
# with it, so it is not one.
# (compiled when first needed: compiling it costs a one-file lint more than matching does,
# and most commands never get this far)
@cache
def _loop() -> re.Pattern[str]:
    return re.compile(
        r"(?:^|[;&|(]|\bthen\b|\bdo\b|\belse\b)\s*(while|until)\s+(?!(?:IFS=\S*\s+)?read\b)",
        re.MULTILINE,
    )


_DURATION = lazy(r"^(\d+(?:\.\d+)?)([smhd]?)$")
_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


class Pace(Enum):
    QUICK = "quick"
    UNKNOWN = "unknown"
    LONG = "long"


@record(frozen=True, slots=True)
class Reading:
    """The verdict on a command; for a long one, the text that makes it long (its offsets
    in the command) and what it is."""

    pace: Pace
    start: int = 0
    end: int = 0
    what: str = ""


def _seconds(text: str) -> float | None:
    match = _DURATION.match(text.strip())
    if match is None:
        return None
    return float(match.group(1)) * _UNITS[match.group(2)]


def _program(command: SimpleCommand) -> tuple[int, str]:
    """The index of the word that names the program run (past wrappers such as ``sudo``)."""
    words = command.words
    index = 0
    while index < len(words) and words[index].value in _WRAPPERS:
        index += 1
        while index < len(words) and (
            words[index].value.startswith("-") or "=" in words[index].value
        ):
            index += 1
    return index, words[index].value if index < len(words) else ""


# The programs _long reads the arguments of before it looks the program up in _LONG.
_READ_FIRST = frozenset({"sleep", "timeout", "python", "python3"})


def _long(command: SimpleCommand) -> str | None:
    """What makes one simple command long, or None."""
    index, name = _program(command)
    name = name.rsplit("/", 1)[-1]
    if name not in _LONG and name not in _READ_FIRST:
        return None  # (most programs: their arguments need not be read)
    words = command.words
    rest = [word.value for word in words[index + 1 :]]
    if name == "sleep" and rest:
        seconds = _seconds(rest[0])
        if seconds is not None and seconds >= LIMIT_SECONDS:
            return f"a `sleep {rest[0]}`"
        return None
    if name == "timeout" and rest:
        options = [item for item in rest if not item.startswith("-")]
        seconds = _seconds(options[0]) if options else None
        if seconds is not None and seconds > LIMIT_SECONDS:
            return f"its own `timeout {options[0]}`, longer than tracker's limit"
        return None
    if name in ("python", "python3") and len(rest) >= 2 and rest[0] == "-m":
        name, rest = rest[1], rest[2:]
    found = _LONG.get(name)
    if found is None:
        return None
    subcommands, what = found
    if subcommands is None:
        return what
    first = next((item for item in rest if not item.startswith("-")), "")
    if name in ("yarn", "pnpm", "bun") and first == "":
        return what  # a bare `yarn` installs
    return what if first in subcommands else None


def _quick(command: SimpleCommand) -> bool:
    _, name = _program(command)
    if not name or "=" in name:
        return True
    if name == "git":
        rest = [w.value for w in command.words[1:] if not w.value.startswith("-")]
        return bool(rest) and rest[0] in _QUICK_GIT
    if name == "sleep":
        return _long(command) is None
    return name in _QUICK


def read_command(text: str) -> Reading:
    """How long ``text`` (a tool command or script) is likely to run."""
    commands = simple_commands(text)
    for command in commands:
        what = _long(command)
        if what is not None:
            return Reading(Pace.LONG, command.start, command.end, what)
    loop = _loop().search(text)
    if loop is not None:
        start = loop.start(1)
        end = text.find("\n", start)
        return Reading(Pace.LONG, start, end if end >= 0 else len(text), "a polling loop")
    if commands and all(_quick(command) for command in commands):
        return Reading(Pace.QUICK)
    return Reading(Pace.UNKNOWN)

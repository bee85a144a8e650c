"""Fast paths taken for the corpus lint, second round (issue 19 §3), each checked against the
general path it stands for on generated inputs."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import files, hashing
from dipcheck.analysis import failure, long_commands, shell_words

# -- shell_words: "…" with nothing escaped or nested -------------------------------------------

QUOTED_PIECES = st.sampled_from(
    [
        *('"', '""', '"a"', "'", "`", "$", "$x", "$(", "${", "$((", "(", ")", "{", "}"),
        *("\\", '\\"', "\\$", "\\\\", "a", "word", " ", "\n", "é", '"$x"', '"${x}"', '"$(d)"'),
    ]
)
QUOTED = st.lists(QUOTED_PIECES, max_size=12).map("".join)
NEVER = re.compile(r"(?!)")


def _unquote_reference(text: str) -> tuple[str, bool]:
    """shell_words._unquote as it was before its shortcut for a plain "…" word (every
    character read, every "…" unescaped by re.sub)."""
    out: list[str] = []
    expands = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "'":
            end = text.find("'", index + 1)
            end = len(text) if end < 0 else end
            out.append(text[index + 1 : end])
            index = end + 1
        elif char == '"':
            end = shell_words._skip_quoted(text, index)
            inner = text[index + 1 : end - 1 if end <= len(text) and text[end - 1] == '"' else end]
            expands = expands or "$" in inner or "`" in inner
            out.append(re.sub(r'\\([$`"\\])', r"\1", inner))
            index = end
        elif char == "\\" and index + 1 < len(text):
            out.append(text[index + 1])
            index += 2
        else:
            if char in "$`":
                expands = True
            out.append(char)
            index += 1
    return "".join(out), expands


@settings(max_examples=50, deadline=None)
@given(QUOTED, st.integers(min_value=0, max_value=3))
def test_plain_double_quotes_match_the_general_path(text: str, at: int) -> None:
    text = "x" * at + '"' + text
    fast_end = shell_words._skip_quoted(text, at)
    fast_word = shell_words._unquote(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shell_words, "_PLAIN_DOUBLE_QUOTED", NEVER)
        assert shell_words._skip_quoted(text, at) == fast_end
        assert _unquote_reference(text) == fast_word


@pytest.mark.parametrize(
    "text",
    ['""', '"a"', '"$x"', '"$"', '"a$"', '"$(x)"', '"${x}"', '"a\\"b"', '"`d`"', '"a"b"c"', '"a'],
)
def test_plain_double_quotes_corner_cases(text: str) -> None:
    fast = shell_words._skip_quoted(text, 0), shell_words._unquote(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shell_words, "_PLAIN_DOUBLE_QUOTED", NEVER)
        assert (shell_words._skip_quoted(text, 0), _unquote_reference(text)) == fast


# -- hashing.same_digest: the built-in comparison ---------------------------------------------


def _same_digest_reference(first: bytes, second: bytes) -> bool:
    """hashing.same_digest as a loop over the bytes, before it used the built-in one."""
    if len(first) != len(second):
        return False
    difference = 0
    for a, b in zip(first, second, strict=True):
        difference |= a ^ b
    return difference == 0


DIGESTS = st.binary(max_size=70)


@settings(max_examples=40, deadline=None)
@given(DIGESTS, DIGESTS, st.booleans())
def test_same_digest_matches_the_byte_loop(first: bytes, second: bytes, copy: bool) -> None:
    if copy:
        second = bytes(first)
    assert hashing.same_digest(first, second) == _same_digest_reference(first, second)


# -- files.search_top and Workspace.parents: each path resolved once ---------------------------

_FOLDERS = ("a", "a/b", "a/b/c", "d", "d/e")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Folders, a file in each, and links to folders (one of them out of its tree)."""
    root = tmp_path_factory.mktemp("trees")
    for folder in _FOLDERS:
        (root / folder).mkdir(parents=True)
        (root / folder / "f.dip").write_text("workflow W\n")
    (root / "a" / "to_d").symlink_to(root / "d")
    (root / "link_b").symlink_to(root / "a" / "b")
    return root


_NAMES = st.sampled_from(
    [*_FOLDERS, "a/to_d", "a/to_d/e", "link_b", "link_b/c", "missing", "a/missing", "."]
)


def _search_top_reference(path: str, trees: tuple[str, ...]) -> str | None:
    """files.search_top as it was: each tree's test and answer resolved apart."""
    tree = files.tree_of(path)
    if tree == os.getcwd():
        return os.path.realpath(tree)
    holding = (os.path.realpath(top) for top in trees if files.inside(path, top))
    return max(holding, key=len, default=None)


@settings(max_examples=40, deadline=None)
@given(_NAMES, st.booleans(), st.lists(_NAMES, max_size=4))
def test_search_top_matches_resolving_each_tree_apart(
    tree: Path, name: str, in_file: bool, tops: list[str]
) -> None:
    path = str(tree / name / "f.dip") if in_file else str(tree / name)
    trees = tuple(str(tree / top) for top in tops)
    assert files.search_top(path, trees) == _search_top_reference(path, trees)


@settings(max_examples=40, deadline=None)
@given(_NAMES, _NAMES)
def test_below_is_inside_for_resolved_paths(tree: Path, name: str, top: str) -> None:
    real, real_top = os.path.realpath(tree / name), os.path.realpath(tree / top)
    for folder in (real, os.path.dirname(real)):  # (a folder of a resolved path: parents' walk)
        assert files.below(folder, real_top) == files.inside(folder, real_top)


def _stays_inside_reference(root: str, relative: str) -> bool:
    """files.stays_inside as it was: each component joined by os.path.join."""
    path = root
    for part in relative.split(os.sep):
        path = os.path.join(path, part)
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            return True
        if stat.S_ISLNK(mode):
            return files.inside(os.path.join(root, relative), root)
    return True


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["", "a", "d", "link_b", "a/to_d"]), st.lists(_NAMES, min_size=1, max_size=2)
)
def test_stays_inside_matches_joining_each_component(
    tree: Path, top: str, names: list[str]
) -> None:
    root = str(tree / top) if top else str(tree) + os.sep  # (a root ending in a separator too)
    relative = os.path.normpath(os.path.join(*names, "f.dip"))
    assert files.stays_inside(root, relative) == _stays_inside_reference(root, relative)


@settings(max_examples=40, deadline=None)
@given(_NAMES, st.sampled_from(["f.dip", "", "missing.dip", "to_d"]))
def test_real_path_with_folders_kept_is_realpath(tree: Path, name: str, leaf: str) -> None:
    real_folders: dict[str, str] = {}
    for path in (os.path.join(tree, name, leaf), os.sep + tree.parts[1], os.sep):
        assert files.real_path(path, real_folders) == os.path.realpath(path)
        assert files.real_path(path, real_folders) == os.path.realpath(path)  # (kept folder)


# -- long_commands._long and failure.always_exits_zero: most commands ruled out first --------

COMMAND_WORDS = st.sampled_from(
    [
        *("sleep", "timeout", "python", "python3", "-m", "pip", "install", "sudo", "env", "-E"),
        *("X=1", "/usr/bin/sleep", "30", "5", "1m", "go", "test", "npm", "ci", "yarn", "true"),
        *(":", "exit", "0", "1", "echo", "ls", "make", "docker", "build", "|", "||", "&&", ";"),
    ]
)
COMMANDS = st.lists(COMMAND_WORDS, max_size=8).map(" ".join)


def _long_reference(command: shell_words.SimpleCommand) -> str | None:
    """long_commands._long as it was: the arguments read before the program is looked up."""
    index, name = long_commands._program(command)
    rest = [word.value for word in command.words[index + 1 :]]
    name = name.rsplit("/", 1)[-1]
    if name == "sleep" and rest:
        seconds = long_commands._seconds(rest[0])
        if seconds is not None and seconds >= long_commands.LIMIT_SECONDS:
            return f"a `sleep {rest[0]}`"
        return None
    if name == "timeout" and rest:
        options = [item for item in rest if not item.startswith("-")]
        seconds = long_commands._seconds(options[0]) if options else None
        if seconds is not None and seconds > long_commands.LIMIT_SECONDS:
            return f"its own `timeout {options[0]}`, longer than tracker's limit"
        return None
    if name in ("python", "python3") and len(rest) >= 2 and rest[0] == "-m":
        name, rest = rest[1], rest[2:]
    found = long_commands._LONG.get(name)
    if found is None:
        return None
    subcommands, what = found
    if subcommands is None:
        return what
    first = next((item for item in rest if not item.startswith("-")), "")
    if name in ("yarn", "pnpm", "bun") and first == "":
        return what
    return what if first in subcommands else None


def _exits_zero_reference(text: str) -> shell_words.SimpleCommand | None:
    """failure.always_exits_zero as it was: every last command's words listed."""
    commands = shell_words.simple_commands(text)
    if not commands:
        return None
    last = commands[-1]
    words = [word.value for word in last.words]
    guarded = not last.certain and words in (["true"], [":"])
    final = last.certain and (words in (["true"], [":"]) or words in (["exit"], ["exit", "0"]))
    return last if guarded or final else None


@settings(max_examples=50, deadline=None)
@given(COMMANDS)
def test_long_and_exits_zero_match_reading_every_command(text: str) -> None:
    for command in shell_words.simple_commands(text):
        assert long_commands._long(command) == _long_reference(command)
    assert failure.always_exits_zero(text) == _exits_zero_reference(text)


@pytest.mark.parametrize(
    "text", ["sleep 30", "/bin/sleep 1m", "timeout 60 x", "python3 -m pip install x", "exit 0"]
)
def test_long_and_exits_zero_corner_cases(text: str) -> None:
    (command,) = shell_words.simple_commands(text)
    assert long_commands._long(command) == _long_reference(command)
    assert failure.always_exits_zero(text) == _exits_zero_reference(text)

"""The forgiving shell reading behind DC306 and TRK101: commands, redirections, certainty."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.analysis.shell_words import (
    INCREMENTAL_CHARS,
    SimpleCommand,
    _scan,
    _skip_quoted,
    simple_commands,
)


def table(text: str) -> list[tuple[list[str], bool, bool, bool]]:
    return [
        ([word.value for word in item.words], item.certain, item.piped, item.stdout_redirected)
        for item in simple_commands(text)
    ]


def test_sequences_pipes_and_guards() -> None:
    assert table("set -e; go test ./... 2>&1 | tee log && echo ok || echo bad") == [
        (["set", "-e"], True, False, False),
        (["go", "test", "./..."], True, True, False),
        (["tee", "log"], True, False, False),
        (["echo", "ok"], False, False, False),
        (["echo", "bad"], False, False, False),
    ]


def test_redirections() -> None:
    rows = table("a >/dev/null 2>&1\nb 2>/dev/null\nc >&2\nd 1> out\ne &> all\nf 2>&1\ng > x")
    assert [(words[0], redirected) for words, _, _, redirected in rows] == [
        ("a", True),
        ("b", False),
        ("c", True),
        ("d", True),
        ("e", True),
        ("f", False),
        ("g", True),
    ]


def test_compound_bodies_are_not_certain() -> None:
    text = (
        "if go test ./...; then\n  printf pass\nelse\n  printf fail\nfi\n"
        "for f in a b; do echo $f; done\n"
        "case $x in\n  a) echo a;;\nesac\n"
        "f() {\n  echo in-function\n}\n"
        "echo last"
    )
    certain = [words for words, sure, _, _ in table(text) if sure]
    assert certain == [["go", "test", "./..."], ["for", "f", "in", "a", "b"], ["echo", "last"]]


def test_quotes_substitutions_comments_and_heredocs_are_units() -> None:
    text = (
        "x=$(printf 'a; b' | while read -r l; do echo \"$l\"; done)  # not; split\n"
        "echo \"semi; colon\" 'and && more'\n"
        "cat <<EOF\nline; with | separators\nEOF\n"
        "echo done"
    )
    rows = table(text)
    assert [words for words, _, _, _ in rows] == [
        ["echo", "semi; colon", "and && more"],
        ["cat"],
        ["echo", "done"],
    ]
    [echo] = [item for item in simple_commands(text) if item.words[0].value == "echo"][:1]
    assert echo.words[1].expands is False
    assert simple_commands('echo "$x"')[0].words[1].expands is True


def _skip_quoted_recursive(text: str, index: int) -> int:
    """The former recursive reading, kept as the reference for the iterative one."""
    char, length = text[index], len(text)
    if char in "'`":
        end = text.find(char, index + 1)
        return length if end < 0 else end + 1
    if char == '"':
        cursor = index + 1
        while cursor < length:
            if text[cursor] == "\\":
                cursor += 2
            elif text[cursor] == '"':
                return cursor + 1
            elif text.startswith("$(", cursor) or text.startswith("${", cursor):
                cursor = _skip_quoted_recursive(text, cursor)
            else:
                cursor += 1
        return length
    opener = text[index + 1]
    closer, depth, cursor = (")" if opener == "(" else "}"), 0, index + 1
    while cursor < length:
        current = text[cursor]
        if current in "'\"`" or (current == "$" and text[cursor + 1 : cursor + 2] in ("(", "{")):
            cursor = _skip_quoted_recursive(text, cursor)
        elif current == "\\":
            cursor += 2
        else:
            if current == opener:
                depth += 1
            elif current == closer:
                depth -= 1
                if depth == 0:
                    return cursor + 1
            cursor += 1
    return length


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="$(){}\"'`\\ ab;", max_size=60))
def test_skip_quoted_reads_as_the_recursive_reading_did(text: str) -> None:
    for index, char in enumerate(text):
        if char in "'\"`" or (char == "$" and text[index + 1 : index + 2] in ("(", "{")):
            assert _skip_quoted(text, index) == _skip_quoted_recursive(text, index), index


def test_nesting_thousands_deep_is_read_without_recursion() -> None:
    """Found by tools/fuzz.py (dip, seed 3030): DIP111 on a command nested 10,000 deep was a
    RecursionError (a DC000)."""
    deep = 'echo "$(' * 10_000 + "x" + ')"' * 10_000
    assert _skip_quoted(deep, 5) == len(deep)
    assert [item.name for item in simple_commands(deep)] == ["echo"]


_PIECES = [
    "x",
    "\n",
    "'",
    '"',
    "`",
    "$(",
    ")",
    "${",
    "}",
    "{\n",
    "<<EOF\n",
    "\nEOF\n",
    "<<-'X'\n",
    "\n\tX\n",
    "# note\n",
    "\\",
    "\\\n",
    " && ",
    " || ",
    ";",
    "|",
    "&",
    "if true; then\n",
    "fi\n",
    "f() {\n",
    "function g\n",
    "do\n",
    "done\n",
    "case $x in\n",
    "esac\n",
    " >/dev/null 2>&1",
    "a=b ",
    "elif false; then\n",
]
_SCRIPT = (
    "set -eu\n"
    'check() {\n  test -f "$1" || return 1\n}\n'
    "cat > notes.md <<'EOF'\n# heading\nsome `text` and $(stuff\nEOF\n"
    'for file in *.go; do\n  gofmt -l "$file" | tee -a log\ndone\n'
    'if [ -n "${NAME:-}" ]; then\n  echo "$NAME" >&2\nelse\n  echo none\nfi\n'
    "printf '%s\\n' 'a b' \\\n  c d\n"
    "go test ./... 2>&1 | tail -n 5 && echo ok\n"
)


def _fresh(text: str) -> tuple[SimpleCommand, ...]:
    return tuple(_scan(text, 0, [], 0, [], False, None, None))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(4, 9),
    st.lists(st.tuples(st.floats(0, 1), st.sampled_from(_PIECES), st.integers(0, 12)), max_size=8),
)
def test_an_edited_long_script_reads_as_a_fresh_parse(
    copies: int, edits: list[tuple[float, str, int]]
) -> None:
    """A long script is parsed again only from around an edit, on an earlier version's
    parse: each version must read exactly as when parsed from the start."""
    text = _SCRIPT * copies
    assert len(text) >= INCREMENTAL_CHARS
    assert simple_commands(text) == _fresh(text)
    for where, piece, removed in edits:
        at = int(where * len(text))
        text = text[:at] + piece + text[at + removed :]
        assert simple_commands(text) == _fresh(text)


def test_every_line_of_a_long_script_edited_reads_as_a_fresh_parse() -> None:
    text = _SCRIPT * 4
    lines = text.split("\n")
    for number in range(len(lines)):
        for piece in ("x", "'", "{", "<<EOF"):
            edited = "\n".join([*lines[:number], lines[number] + piece, *lines[number + 1 :]])
            assert simple_commands(edited) == _fresh(edited), (number, piece)


def test_a_script_of_many_lines_is_parsed_whole() -> None:
    """Marks for more lines than that would take megabytes per kept parse: such a script is
    read from the start each time, as before."""
    text = "echo a\n" * 6000
    edited = text[:21000] + "x" + text[21000:]
    assert simple_commands(text) == _fresh(text)
    assert simple_commands(edited) == _fresh(edited)
    assert [item.name for item in simple_commands(edited)].count("xecho") == 1

"""The forgiving shell reading behind DC306 and TRK101: commands, redirections, certainty."""

from __future__ import annotations

from dipcheck.analysis.shell_words import simple_commands


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

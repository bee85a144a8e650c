"""Bounded everywhere (issue 19 §1): every exploration and walk has a step, state and memory
budget with a clear note when it is reached, and recursion is bounded or iterative — for
nested parallel blocks, huge ``max_steps``, subgraph reference cycles, deep nesting and
megabytes of escapes.

The heavy cases run as processes with a memory limit and a timeout, so that a regression
fails the test instead of exhausting the machine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import dedent, lint, only

MEMORY = 512 << 20  # 0.1.0 took 1.4 GB for 7 MB of escapes


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(*args: str | Path, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m dipcheck ARGS`` under the memory limit."""
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *(str(arg) for arg in args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_limit_memory,
        check=False,
    )


# -- megabytes of escapes ----------------------------------------------------------------------

ESCAPED_DIP = 'workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: "{body}"\n'
ESCAPED_DOT = (
    'digraph G {{\n  start [shape=Mdiamond]\n  exit [shape=Msquare]\n  a [prompt="{body}"]\n'
    "  start -> a -> exit\n}}\n"
)


@pytest.mark.parametrize(
    ("name", "template", "body"),
    [
        ("backslashes.dip", ESCAPED_DIP, "\\\\" * 3_500_000),
        ("quotes.dip", ESCAPED_DIP, 'a\\"' * 2_300_000),
        ("quotes.dot", ESCAPED_DOT, '\\"' * 3_500_000),
        ("newlines.dot", ESCAPED_DOT, "x\\n" * 2_300_000),
    ],
)
def test_seven_megabytes_of_escapes_stay_small(
    tmp_path: Path, name: str, template: str, body: str
) -> None:
    (tmp_path / name).write_text(template.format(body=body), encoding="utf-8")
    result = run("lint", "--isolated", "--no-cache", "--format", "concise", name, cwd=tmp_path)
    assert "MemoryError" not in result.stderr
    assert result.returncode in (0, 1), result.stderr[-2000:]
    assert "DC000" not in result.stdout


@pytest.mark.parametrize("where", ["label", "condition"])
def test_a_long_quoted_string_on_an_edge_is_lexed_in_bounded_memory(
    tmp_path: Path, where: str
) -> None:
    quoted = '"' + "x" * 3_000_000 + '\\"' * 1_500_000 + '"'
    attribute = f"label: {quoted}" if where == "label" else f"when ctx.outcome = {quoted}"
    text = (
        "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: a\n  agent B\n"
        f"    prompt: b\n  edges\n    A -> B {attribute}\n"
    )
    (tmp_path / "w.dip").write_text(text, encoding="utf-8")
    result = run("lint", "--isolated", "--no-cache", "--format", "concise", "w.dip", cwd=tmp_path)
    assert "MemoryError" not in result.stderr
    assert result.returncode in (0, 1), result.stderr[-2000:]
    assert "DC000" not in result.stdout


def test_a_position_after_many_escapes_is_exact() -> None:
    """The packed map of a value with more escapes than the per-escape map keeps (and the
    same in DOT, where the escaped character maps to its backslash)."""
    escapes = '\\"' * 600
    text = dedent(
        f"""
        workflow W
          start: A
          exit: A
          agent A
            prompt: "{escapes} ${{ctx.never_written}} done"
        """
    )
    found = only(lint(text), "DC102")
    column = text.splitlines()[4].index("${ctx.never_written}") + 1
    assert [(item.start, item.text) for item in found] == [
        ((5, column), "${ctx.never_written}"),
    ]


@pytest.mark.parametrize("count", [3, 600])
def test_dip_escapes_decode_the_same_either_way(count: int) -> None:
    from dipcheck.frontends.dip import decode_string
    from dipcheck.source import SourceText

    source = SourceText("x.dip", "")
    body = ('a\\"b\\\\' * count) + '\\x\\\\\\"'
    decoded, quoted = decode_string(f'"{body}"', source, 10)
    assert quoted
    assert decoded.value == ('a"b\\' * count) + '\\x\\"'
    # each character maps to its own place in the source: after the quote, past escapes
    expected = []
    position = 11
    index = 0
    while index < len(body):
        if body[index] == "\\" and index + 1 < len(body) and body[index + 1] in '"\\':
            expected.append(position + 1)
            position += 2
            index += 2
        else:
            expected.append(position)
            position += 1
            index += 1
    assert [decoded.offset(i) for i in range(len(decoded.value))] == expected

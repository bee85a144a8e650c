"""Building blocks shared by the generators: identifiers, typed values, conditions, prose.

Every function takes a :class:`random.Random` so that an input is a pure function of its seed.
Most draws are ordinary (what an author writes); a minority are hostile (Unicode whose case
mapping changes its length, control characters, huge numbers), so that generated workflows
still load often enough to reach the rules and the simulator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from dipcheck.frontends.dip_schema import ValueType

WORDS = (
    "Plan",
    "Build",
    "Test",
    "Review",
    "Ship",
    "Done",
    "Start",
    "Exit",
    "Fix",
    "Gate",
    "Check",
    "Join",
    "Fork",
    "Ask",
    "Approve",
    "Deploy",
    "Lint",
    "Write",
)
# identifiers that are odd but still identifiers somewhere: dotted, dashed, numeric, keywords
ODD_IDS = (
    "a.b",
    "x-y",
    "n/1",
    "1st",
    "0",
    "agent",
    "edges",
    "when",
    "loop",
    "else",
    "workflow",
    "start",
    "exit",
    "ctx",
    "node",
    "_",
    "digraph",
    "subgraph",
    "steps",
    "tasks",
)
# text whose case mapping changes its length, combining marks, invisible and bidi characters,
# astral characters (two UTF-16 units), full-width forms
UNICODE = (
    "Ünïcødé",
    "計画",
    "İstanbul",
    "straße",
    "ﬃx",
    "ǅz",
    "A\u0301",
    "a\u200db",
    "\u202eevil",
    "\U0001d513lan",
    "🚀",
    "\uff21\uff22",
    "\u00a0",
    "Ω",
    "ß",
    "\u0345",
)
CONTROL = ("\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b[31m", "\x7f", "\x85", "\u2028")
CONTEXT_KEYS = (
    "outcome",
    "status",
    "last_response",
    "human_response",
    "tool_stdout",
    "tool_stderr",
    "tool_marker",
    "tool_route",
    "preferred_label",
    "plan",
    "verdict",
    "plan_doc",
    "result",
    "x",
)
T = TypeVar("T")
OUTCOMES = ("success", "fail", "retry", "partial_success", "skipped", "approved", "SUCCESS")


def chance(rng: random.Random, probability: float) -> bool:
    return rng.random() < probability


def pick(rng: random.Random, items: Sequence[T]) -> T:
    return items[rng.randrange(len(items))]


def ident(rng: random.Random, hostile: float = 0.08) -> str:
    """A node id, step name or key: usually a word with a suffix, sometimes odd or Unicode."""
    roll = rng.random()
    if roll < hostile / 2:
        return pick(rng, UNICODE) + pick(rng, ("", "1", "_x"))
    if roll < hostile:
        return pick(rng, ODD_IDS)
    word = pick(rng, WORDS)
    return word + pick(rng, ("", "", "", "2", "_a", "Step", "-b", "X"))


def unique_ids(rng: random.Random, count: int, hostile: float = 0.08) -> list[str]:
    found: list[str] = []
    while len(found) < count:
        name = ident(rng, hostile)
        if name not in found:
            found.append(name)
        elif chance(rng, 0.02):
            found.append(name)  # a duplicate, now and then
    return found


def huge_number(rng: random.Random) -> str:
    return pick(
        rng,
        (
            "9" * rng.randint(20, 400),
            "-" + "9" * rng.randint(20, 60),
            "1e999",
            "-0",
            "0x10",
            "1_000",
            "NaN",
            "Infinity",
            "2147483648",
            "9223372036854775808",
            "1" + "0" * rng.randint(300, 4000),
            "0." + "0" * 300 + "1",
        ),
    )


def integer(rng: random.Random) -> str:
    if chance(rng, 0.1):
        return huge_number(rng)
    if chance(rng, 0.08):
        return pick(rng, ("many", "", "3.5", "+2", "-1", " 4 ", "\uff11"))
    return str(rng.randint(0, 12))


def duration(rng: random.Random) -> str:
    if chance(rng, 0.1):
        return pick(rng, ("5d", "forever", "", "-1s", "1h-", "1e3s", "0", "9" * 30 + "h", "10"))
    return pick(rng, ("30s", "5m", "1h30m", "500ms", "2h", "10m", "90s", "1.5h", "250us"))


def boolean(rng: random.Random) -> str:
    if chance(rng, 0.1):
        return pick(rng, ("maybe", "", "TRUE", "2", "yes please", "nope"))
    return pick(rng, ("true", "false", "yes", "no", "on", "off", "1", "0"))


def floating(rng: random.Random) -> str:
    if chance(rng, 0.15):
        return pick(rng, ("1e-400", "NaN", "inf", "-0.0", "1.5.2", "", huge_number(rng)))
    return f"{rng.random():.2f}"


def placeholder(rng: random.Random, ids: Sequence[str], braces: str = "dip") -> str:
    """An interpolation: ``${ctx.K}``/``${ctx.node.ID.K}``/``$goal`` or ``{{ step.k }}``."""
    key = pick(rng, CONTEXT_KEYS)
    if braces == "yaml":
        target = pick(rng, [*ids, "input", "steps"]) if ids else "input"
        return pick(
            rng,
            (
                f"{{{{ {target} }}}}",
                f"{{{{ {target}.{key} }}}}",
                f"{{{{{target}.{key}}}}}",
                "{{ }}",
                "{{",
                "}}",
                f"{{{{ input.{key} | upper }}}}",
            ),
        )
    node = pick(rng, ids) if ids else "X"
    return pick(
        rng,
        (
            f"${{ctx.{key}}}",
            f"${{ctx.node.{node}.{key}}}",
            f"${{node.{node}.last_response}}",
            f"${{params.{key}}}",
            "${graph.goal}",
            f"${{inputs.{key}}}",
            f"${{context.{key}}}",
            f"{{{{ context.{key} }}}}",
            f"${key}",
            "$goal",
            "${ctx.",
            "${}",
            "${ctx.a.b.c.d}",
        ),
    )


def prose(rng: random.Random, ids: Sequence[str] = (), braces: str = "dip") -> str:
    """A sentence of a prompt, label or description."""
    parts: list[str] = []
    for _ in range(rng.randint(1, 8)):
        roll = rng.random()
        if roll < 0.15:
            parts.append(placeholder(rng, ids, braces))
        elif roll < 0.2:
            parts.append(pick(rng, UNICODE))
        elif roll < 0.23:
            parts.append(pick(rng, ('"', "'", "#", ":", "\\", "`", "%", "|", "&&", ";", "->")))
        elif roll < 0.24:
            parts.append(pick(rng, CONTROL))
        elif roll < 0.27:
            parts.append(pick(rng, ("STATUS: success", "STATUS: fail", "_TRACKER_ROUTE=ok")))
        else:
            parts.append(pick(rng, ("Do", "the", "work", "review", "plan", "and", "then", "x")))
    return " ".join(parts)


def shell_command(rng: random.Random, ids: Sequence[str] = ()) -> str:
    return pick(
        rng,
        (
            "make test",
            "echo done",
            "./scripts/check.sh",
            'grep -q "ok" out.txt && echo pass',
            f"echo {placeholder(rng, ids)}",
            "rm -rf $HOME/tmp/x",
            "curl http://x | sh",
            "if [ -f x ]; then echo y; fi",
            "for i in 1 2; do echo $i; done",
            'printf "_TRACKER_ROUTE=%s\\n" ok',
            "echo 'unterminated",
            "cat <<EOF\nhello\nEOF",
            "exit 1",
            "sleep 1",
            "",
        ),
    )


COMPARE_OPS = ("=", "==", "!=", "contains", "startswith", "endswith", "in", "matches", "<", ">=")


def condition(rng: random.Random, ids: Sequence[str] = (), depth: int = 0) -> str:
    """An edge condition in tracker's syntax (``&&``/``||``) or dippin's (``and``/``or``/
    ``not``), sometimes with what neither accepts (parentheses, bare lists)."""
    count = rng.randint(1, 3)
    joiner = pick(rng, (" && ", " || ", " and ", " or ", "&&", " AND "))
    terms = [_comparison(rng, ids, depth) for _ in range(count)]
    return joiner.join(terms)


def _comparison(rng: random.Random, ids: Sequence[str], depth: int) -> str:
    if depth < 3 and chance(rng, 0.05):
        return f"({condition(rng, ids, depth + 1)})"
    node = pick(rng, ids) if ids else "X"
    variable = pick(
        rng,
        (
            "ctx.outcome",
            "outcome",
            "ctx.tool_stdout",
            "ctx.human_response",
            "ctx.preferred_label",
            f"ctx.{pick(rng, CONTEXT_KEYS)}",
            f"context.{pick(rng, CONTEXT_KEYS)}",
            f"ctx.node.{node}.{pick(rng, CONTEXT_KEYS)}",
            "graph.goal",
            "params.mode",
            "inputs.tier",
            "stack.child.outcome",
            "internal.retry_count",
            "preferred_label",
        ),
    )
    operator = pick(rng, COMPARE_OPS)
    value = pick(
        rng,
        (
            *OUTCOMES,
            '"a b"',
            "'x'",
            '"gold,silver"',
            "gold,silver",
            "3",
            '""',
            "loop",
            pick(rng, UNICODE),
            '"unterminated',
        ),
    )
    negate = pick(rng, ("", "", "", "not ", "!"))
    spacing = pick(rng, (" ", " ", ""))
    return f"{negate}{variable}{spacing}{operator}{spacing}{value}"


def value_for(rng: random.Random, kind: ValueType, ids: Sequence[str]) -> str:
    """A single-line value of a field of type ``kind``."""
    if kind in (ValueType.INTEGER, ValueType.NON_NEGATIVE):
        return integer(rng)
    if kind is ValueType.DURATION:
        return duration(rng)
    if kind is ValueType.BOOLEAN:
        return boolean(rng)
    if kind is ValueType.FLOAT:
        return floating(rng)
    if kind is ValueType.NODE:
        return pick(rng, ids) if ids and not chance(rng, 0.1) else ident(rng)
    if kind is ValueType.FILE:
        return pick(
            rng,
            (
                "prompts/p.md",
                "scripts/s.sh",
                "missing.md",
                "../outside.md",
                "/etc/passwd",
                "prompts",
                "child.dip",
                "",
            ),
        )
    if kind is ValueType.CONDITION:
        return condition(rng, ids)
    if kind is ValueType.TIMEOUT_ACTION:
        return pick(rng, ("fail", "default", "", "retry"))
    if kind is ValueType.NONE_ONLY:
        return pick(rng, ("none", "None", "yes"))
    if kind in (ValueType.LIST, ValueType.PATHS):
        items = [pick(rng, (*CONTEXT_KEYS, "src/**", "*.py", "")) for _ in range(rng.randint(0, 4))]
        return pick(rng, (", ", ",", " , ")).join(items)
    return prose(rng, ids)


def quoted(rng: random.Random, text: str) -> str:
    """``text`` as it might be quoted in a .dip value."""
    roll = rng.random()
    if roll < 0.6:
        return text
    if roll < 0.85:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "'" + text.replace("'", "''") + "'"

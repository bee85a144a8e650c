"""Mutations of a workflow's text, then of its bytes.

Text mutations: token deletion, duplication, swap and insertion (tokens of the format),
line deletion, duplication, swap and re-indentation, splicing from a seed file, truncation,
huge numbers, deep nesting in the format's own brackets, very long lines, Unicode (including
lone surrogates, which a language client can send as ``\\ud800`` escapes), control
characters, CRLF/CR line ends and byte-order marks. Byte mutations: bit flips, invalid UTF-8,
UTF-16, NUL bytes. Each input stays under :data:`MAX_CHARS`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from fuzzing.values import CONTROL, UNICODE, chance, huge_number, pick

MAX_CHARS = 600_000
_TOKEN = re.compile(r"\w+|[ \t]+|\r?\n|.", re.DOTALL)
_NUMBER = re.compile(r"\d+")

TOKENS: dict[str, tuple[str, ...]] = {
    "dip": (
        "workflow",
        "agent",
        "tool",
        "human",
        "subgraph",
        "parallel",
        "fan_in",
        "conditional",
        "manager_loop",
        "edges",
        "defaults",
        "vars",
        "inputs",
        "else",
        "->",
        "<-",
        "when",
        "on",
        "loop",
        "label:",
        "prompt:",
        "command:",
        "params:",
        "branch:",
        "start:",
        "exit:",
        "${ctx.",
        "}",
        "dip 2",
        "#",
        '"',
        "'",
        "\n  ",
        "\n    ",
        "\t",
    ),
    "dot": (
        "digraph",
        "graph",
        "subgraph",
        "node",
        "edge",
        "strict",
        "{",
        "}",
        "[",
        "]",
        "=",
        ";",
        ",",
        "->",
        "--",
        '"',
        "+",
        "<",
        ">",
        "//",
        "/*",
        "*/",
        "#",
        "\\",
        "shape=Mdiamond",
        "shape=Msquare",
        'condition="outcome=success"',
        "prompt=",
        ":",
    ),
    "yaml": (
        "steps:",
        "- name: x",
        "agent:",
        "tool:",
        "prompt:",
        "next:",
        "conditions:",
        "on_result:",
        "inputs:",
        "output:",
        "{{",
        "}}",
        "{",
        "}",
        "[",
        "]",
        "- ",
        ": ",
        "&a ",
        "*a",
        "<<: ",
        "!!str ",
        "!x ",
        "|",
        ">-",
        "---",
        "...",
        "? ",
        "'",
        '"',
        "#",
        "\n  ",
        "\n    ",
        "%TAG ! tag:x,2000:\n",
    ),
    "plan": (
        '"tasks"',
        '"id"',
        '"dependencies"',
        '"subtasks"',
        '"sliceType"',
        '"autonomy"',
        '"prompt"',
        '"meta"',
        '"plan"',
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        '"',
        "\\",
        "null",
        "true",
        "1e999",
        "```json\n",
        "```",
        "<think>",
        "</think>",
        "\\u0000",
        "\\ud800",
    ),
}
# opening and closing of the format's own nesting
NESTING: dict[str, tuple[tuple[str, str], ...]] = {
    "dip": (("(", ")"), ("${", "}")),
    "dot": (("{", "}"), ("subgraph {", "}"), ("[", "]"), ("<", ">")),
    "yaml": (("[", "]"), ("{a: ", "}"), ("- ", "")),
    "plan": (("[", "]"), ('{"a": ', "}"), ('{"tasks": [', "]}")),
}


class Mutator:
    """Mutations for one format, with seed texts to splice from."""

    def __init__(self, fmt: str, seeds: list[str]) -> None:
        self.fmt = fmt
        self.seeds = seeds
        self.text_mutations: list[Callable[[random.Random, str], str]] = [
            self.delete_token,
            self.duplicate_token,
            self.swap_tokens,
            self.insert_token,
            self.delete_line,
            self.duplicate_line,
            self.swap_lines,
            self.reindent_line,
            self.splice,
            self.truncate,
            self.huge_number,
            self.deep_nesting,
            self.long_line,
            self.unicode,
            self.control,
            self.line_ends,
        ]

    # -- the whole pipeline -------------------------------------------------------------

    def mutate(self, rng: random.Random, text: str) -> bytes:
        """``text`` after 0-4 text mutations, encoded (lone surrogates become the bytes
        they would be in CESU-8, which is invalid UTF-8), then now and then byte mutations."""
        if chance(rng, 0.7):
            for _ in range(rng.randint(1, 4)):
                text = pick(rng, self.text_mutations)(rng, text)[:MAX_CHARS]
        data = text.encode("utf-8", "surrogatepass")
        if chance(rng, 0.12):
            data = self.bytes_mutation(rng, data)
        return data

    # -- tokens ---------------------------------------------------------------------------

    @staticmethod
    def _tokens(text: str) -> list[str]:
        return _TOKEN.findall(text)

    def delete_token(self, rng: random.Random, text: str) -> str:
        tokens = self._tokens(text)
        if tokens:
            index = rng.randrange(len(tokens))
            del tokens[index : index + rng.randint(1, 3)]
        return "".join(tokens)

    def duplicate_token(self, rng: random.Random, text: str) -> str:
        tokens = self._tokens(text)
        if tokens:
            index = rng.randrange(len(tokens))
            tokens.insert(index, tokens[index] * rng.randint(1, 3))
        return "".join(tokens)

    def swap_tokens(self, rng: random.Random, text: str) -> str:
        tokens = self._tokens(text)
        if len(tokens) > 1:
            first, second = rng.randrange(len(tokens)), rng.randrange(len(tokens))
            tokens[first], tokens[second] = tokens[second], tokens[first]
        return "".join(tokens)

    def insert_token(self, rng: random.Random, text: str) -> str:
        offset = rng.randint(0, len(text))
        return text[:offset] + pick(rng, TOKENS[self.fmt]) + text[offset:]

    # -- lines ----------------------------------------------------------------------------

    def delete_line(self, rng: random.Random, text: str) -> str:
        lines = text.split("\n")
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)

    def duplicate_line(self, rng: random.Random, text: str) -> str:
        lines = text.split("\n")
        index = rng.randrange(len(lines))
        lines[index:index] = [lines[index]] * rng.randint(1, 3)
        return "\n".join(lines)

    def swap_lines(self, rng: random.Random, text: str) -> str:
        lines = text.split("\n")
        first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[first], lines[second] = lines[second], lines[first]
        return "\n".join(lines)

    def reindent_line(self, rng: random.Random, text: str) -> str:
        lines = text.split("\n")
        index = rng.randrange(len(lines))
        line = lines[index]
        roll = rng.random()
        if roll < 0.4:
            lines[index] = pick(rng, (" ", "  ", "\t", "\u00a0", "   ")) + line
        elif roll < 0.8:
            lines[index] = line.lstrip(" \t")
        else:
            lines[index] = line.replace("  ", "\t")
        return "\n".join(lines)

    # -- whole-text changes ------------------------------------------------------------

    def splice(self, rng: random.Random, text: str) -> str:
        if not self.seeds:
            return text
        seed = pick(rng, self.seeds)
        start = rng.randint(0, len(seed))
        chunk = seed[start : start + rng.randint(1, 400)]
        offset = rng.randint(0, len(text))
        end = offset + (rng.randint(0, 200) if chance(rng, 0.5) else 0)
        return text[:offset] + chunk + text[end:]

    def truncate(self, rng: random.Random, text: str) -> str:
        return text[: rng.randint(0, len(text))]

    def huge_number(self, rng: random.Random, text: str) -> str:
        numbers = list(_NUMBER.finditer(text))
        if numbers and chance(rng, 0.7):
            match = pick(rng, numbers)
            return text[: match.start()] + huge_number(rng) + text[match.end() :]
        offset = rng.randint(0, len(text))
        return text[:offset] + huge_number(rng) + text[offset:]

    def deep_nesting(self, rng: random.Random, text: str) -> str:
        depth = pick(rng, (50, 200, 1000, 5000, 20000))
        offset = rng.randint(0, len(text))
        if self.fmt == "dip" and chance(rng, 0.5):
            # every line one level deeper than the last
            rows = "\n".join(" " * level + f"k{level}:" for level in range(min(depth, 3000)))
            return text[:offset] + "\n" + rows + "\n" + text[offset:]
        if self.fmt == "yaml" and chance(rng, 0.4):
            rows = "\n".join("  " * level + f"k{level}:" for level in range(min(depth, 2000)))
            return text[:offset] + "\n" + rows + " x\n" + text[offset:]
        opening, closing = pick(rng, NESTING[self.fmt])
        closed = chance(rng, 0.7)
        nested = opening * depth + (closing * depth if closed else "")
        return text[:offset] + nested + text[offset:]

    def long_line(self, rng: random.Random, text: str) -> str:
        length = pick(rng, (1_000, 10_000, 100_000, 300_000))
        unit = pick(
            rng,
            (
                "a",
                " ",
                "\\",
                '\\"',
                "${ctx.x}",
                "->",
                "A -> ",
                "x,",
                "{{ a }}",
                "🚀",
                "#",
                '"',
                "'",
                "é",
                "\t",
                "and ",
                "ctx.a = b && ",
                "[",
            ),
        )
        run = unit * max(1, length // len(unit))
        offset = rng.randint(0, len(text))
        return text[:offset] + run + text[offset:]

    def unicode(self, rng: random.Random, text: str) -> str:
        words = list(re.finditer(r"[A-Za-z_]\w*", text))
        replacement = pick(rng, (*UNICODE, "\ud800", "\udfff", "\udcff", "x\u0301\u0301"))
        if words and chance(rng, 0.6):
            match = pick(rng, words)
            return text[: match.start()] + replacement + text[match.end() :]
        offset = rng.randint(0, len(text))
        return text[:offset] + replacement + text[offset:]

    def control(self, rng: random.Random, text: str) -> str:
        offset = rng.randint(0, len(text))
        inserted = pick(rng, (*CONTROL, "\r", "\u2029", "\ufeff", "\x1c", "\x1d", "\x1e"))
        return text[:offset] + inserted * rng.randint(1, 3) + text[offset:]

    def line_ends(self, rng: random.Random, text: str) -> str:
        roll = rng.random()
        if roll < 0.35:
            return text.replace("\n", "\r\n")
        if roll < 0.5:
            return text.replace("\n", "\r")
        if roll < 0.7:
            lines = text.split("\n")
            ends = [pick(rng, ("\n", "\r\n", "\r")) for _ in lines[1:]]
            return lines[0] + "".join(end + line for end, line in zip(ends, lines[1:], strict=True))
        if roll < 0.9:
            return "\ufeff" + text
        return text.rstrip("\n") if chance(rng, 0.5) else text + "\n\n\n"

    # -- bytes ----------------------------------------------------------------------------

    def bytes_mutation(self, rng: random.Random, data: bytes) -> bytes:
        roll = rng.random()
        buffer = bytearray(data)
        if roll < 0.4 and buffer:
            for _ in range(rng.randint(1, 8)):
                index = rng.randrange(len(buffer))
                buffer[index] ^= 1 << rng.randrange(8)
            return bytes(buffer)
        if roll < 0.7:
            offset = rng.randint(0, len(buffer))
            bad = pick(rng, (b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xe2\x82", b"\x80", b"\xf8"))
            return bytes(buffer[:offset]) + bad + bytes(buffer[offset:])
        if roll < 0.8:
            return data + pick(rng, (b"\xe2\x82", b"\xf0\x9f\x9a"))  # cut inside a character
        if roll < 0.9:
            text = data.decode("utf-8", "replace")
            return pick(rng, (b"\xff\xfe", b"")) + text.encode("utf-16-le")
        return pick(rng, (b"\xef\xbb\xbf\xef\xbb\xbf", b"\x00" * 3)) + data

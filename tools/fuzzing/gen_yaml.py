"""Generated YAML step workflows (yaml-step-workflows.md, other-formats.md §4): a workflow's
name, inputs and outputs, and steps with ``agent``/``tool``, prompts with ``{{ }}``
references, ``inputs`` as a list or a mapping, ``output`` declarations, ``next`` and
``conditions``. The emitter picks every style YAML allows — block and flow collections,
plain, quoted and block scalars, comments, anchors, aliases, merge keys, tags, a second
document — so the front-end's exact-position bookkeeping is exercised on all of them."""

from __future__ import annotations

import json
import random
from typing import Any

from fuzzing.values import CONTEXT_KEYS, OUTCOMES, chance, ident, pick, prose, unique_ids

PLAIN_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./ ")


class _Alias:
    """A reference to an anchor defined earlier in the document."""

    def __init__(self, name: str) -> None:
        self.name = name


class _Anchored:
    def __init__(self, name: str, value: Any) -> None:
        self.name = name
        self.value = value


def _step(rng: random.Random, name: str, names: list[str]) -> dict[str, Any]:
    earlier = [item for item in names if item != name]
    step: dict[str, Any] = {"name": name}
    if chance(rng, 0.97):
        step["agent" if chance(rng, 0.75) else "tool"] = pick(
            rng, ("architect", "dev", "reviewer", "post-summary", "")
        )
    if chance(rng, 0.03):
        step["tool"] = "both"
    if chance(rng, 0.9):
        step["prompt"] = "\n".join(
            prose(rng, earlier, braces="yaml") for _ in range(rng.randint(1, 3))
        )
    if earlier and chance(rng, 0.5):
        chosen = rng.sample(earlier, min(len(earlier), rng.randint(1, 2)))
        if chance(rng, 0.5):
            step["inputs"] = chosen
        else:
            step["inputs"] = {pick(rng, CONTEXT_KEYS): item for item in chosen}
    if chance(rng, 0.5):
        keys = rng.sample(CONTEXT_KEYS, rng.randint(1, 3))
        step["output"] = keys if chance(rng, 0.5) else {key: prose(rng) for key in keys}
    if chance(rng, 0.3):
        step["conditions"] = [
            {"on_result": pick(rng, OUTCOMES), "next": pick(rng, names)}
            for _ in range(rng.randint(1, 3))
        ]
    roll = rng.random()
    if roll < 0.6:
        step["next"] = pick(rng, names) if chance(rng, 0.95) else ident(rng)
    elif roll < 0.8:
        step["next"] = None
    if chance(rng, 0.04):
        step[pick(rng, ("outputs", "description", "retries", "when"))] = pick(rng, ("x", 3, []))
    return step


def document(rng: random.Random) -> dict[str, Any]:
    """The workflow as plain data (steps first in the order they run, mostly)."""
    names = unique_ids(rng, rng.randint(1, 8))
    names = [name.lower() if chance(rng, 0.7) else name for name in names]
    workflow: dict[str, Any] = {}
    if chance(rng, 0.8):
        workflow["name"] = pick(rng, ("spec-driven", "review", "x y", ""))
    if chance(rng, 0.4):
        workflow["description"] = prose(rng)
    if chance(rng, 0.5):
        workflow["inputs"] = {
            pick(rng, CONTEXT_KEYS): {"type": pick(rng, ("string", "boolean", "int", "blob"))}
            for _ in range(rng.randint(1, 2))
        }
    if chance(rng, 0.3):
        workflow["outputs"] = [pick(rng, CONTEXT_KEYS)]
    workflow["steps"] = [_step(rng, name, names) for name in names]
    if chance(rng, 0.1) and len(workflow["steps"]) > 1:
        # an anchor on one prompt, an alias to it on another
        first, second = rng.sample(range(len(names)), 2)
        prompt = workflow["steps"][first].get("prompt", "shared")
        workflow["steps"][first]["prompt"] = _Anchored("p", prompt)
        workflow["steps"][second]["prompt"] = _Alias("p")
    return workflow


def _scalar(rng: random.Random, value: Any, indent: str) -> str:
    if value is None:
        return pick(rng, ("null", "~", "", "Null"))
    if isinstance(value, bool):
        return pick(rng, ("true", "True")) if value else pick(rng, ("false", "no"))
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if "\n" in text and chance(rng, 0.6):
        header = pick(rng, ("|", "|-", ">", ">-", "|+", "|2"))
        inner = indent + "  "
        if header == "|2":
            inner = indent + "  "
        return header + "".join("\n" + (inner + row if row else "") for row in text.split("\n"))
    keyword = text.lower() in ("null", "true", "false", "yes", "no", "~", "on", "off")
    plain = text and set(text) <= PLAIN_SAFE and text.strip() == text and not keyword
    if plain and chance(rng, 0.6):
        return text
    if "\n" not in text and chance(rng, 0.3):
        return "'" + text.replace("'", "''") + "'"
    return json.dumps(text, ensure_ascii=chance(rng, 0.3))


def _emit(rng: random.Random, value: Any, indent: str, flow: bool) -> tuple[str, bool]:
    """(text, is a block collection) for ``value`` at ``indent``."""
    prefix = ""
    if isinstance(value, _Alias):
        return f"*{value.name}", False
    if isinstance(value, _Anchored):
        prefix, value = f"&{value.name} ", value.value
    if isinstance(value, dict):
        if flow or not value or chance(rng, 0.08):
            items = ", ".join(
                f"{_key(rng, key)}: {_emit(rng, item, indent, True)[0]}"
                for key, item in value.items()
            )
            return prefix + "{" + items + "}", False
        rows = []
        for key, item in value.items():
            text, block = _emit(rng, item, indent + "  ", False)
            separator = "\n" + indent + "  " if block else " "
            rows.append(f"{indent}{_key(rng, key)}:{separator}{text}".rstrip(" "))
            if chance(rng, 0.03):
                rows.append(indent + "# a comment")
        return prefix + "\n".join(rows).lstrip(" "), True
    if isinstance(value, list):
        if flow or not value or chance(rng, 0.15):
            inner = ", ".join(_emit(rng, item, indent, True)[0] for item in value)
            return prefix + "[" + inner + "]", False
        rows = []
        for item in value:
            text, _ = _emit(rng, item, indent + "  ", False)
            rows.append(f"{indent}- {text}")
        return prefix + "\n".join(rows).lstrip(" "), True
    if flow and isinstance(value, str) and "\n" in value:
        return prefix + json.dumps(value), False
    return prefix + _scalar(rng, value, indent), False


def _key(rng: random.Random, key: str) -> str:
    if chance(rng, 0.05):
        return pick(rng, (f'"{key}"', f"'{key}'"))
    return key


def workflow(rng: random.Random) -> str:
    """One generated step workflow as YAML text."""
    data = document(rng)
    lines = []
    if chance(rng, 0.1):
        lines.append("%YAML 1.2\n---")
    elif chance(rng, 0.1):
        lines.append("---")
    if chance(rng, 0.15):
        lines.append("# generated step workflow")
    for key, value in data.items():
        text, block = _emit(rng, value, "", chance(rng, 0.05))
        if block:
            if isinstance(value, list) and chance(rng, 0.5):
                text = "\n".join("  " + row for row in text.split("\n"))  # indented sequence
                lines.append(f"{key}:\n{text}")
            else:
                lines.append(f"{key}:\n  " + text.replace("\n", "\n  "))
        else:
            lines.append(f"{key}: {text}".rstrip(" "))
    if chance(rng, 0.05):
        lines.append(pick(rng, ("---\nsteps: []", "...", "extra: !custom x", "<<: *p")))
    return "\n".join(lines) + "\n"

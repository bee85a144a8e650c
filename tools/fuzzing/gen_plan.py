"""Generated Ordewell plans (other-formats.md §5) in their three shapes: a plan object
(``{"tasks": [...]}``, a ``.json`` file), a session file (``{meta, plan}``) and a planner reply
(prose, ``<think>`` blocks, one or more fenced or bare plan objects, with the defects
Ordewell's repairs handle: trailing commas, raw control characters in strings). Tasks have
ids, order, titles, types, slice and autonomy, prompts that mention files and other tasks,
dependencies (sometimes dangling, duplicated or cyclic), runners, stored status and output,
and subtasks."""

from __future__ import annotations

import json
import random
from typing import Any

from fuzzing.values import UNICODE, chance, huge_number, pick, prose, unique_ids

SLICES = ("AFK", "AFK", "HITL", "afk", "", None, 3)
STATUSES = ("pending", "completed", "failed", "blocked", "in_progress", "cancelled", "done")
RUNNERS = ("claude-code", "codex", "opencode", "gpt", 5, None)


def _prompt(rng: random.Random, ids: list[str]) -> str:
    parts = [prose(rng)]
    if chance(rng, 0.4):
        parts.append(pick(rng, ("edit src/a.py", "update README.md", "touch test/x.test.ts")))
    if ids and chance(rng, 0.3):
        parts.append(f"after task {pick(rng, ids)} and #{rng.randint(1, 5)}")
    if chance(rng, 0.05):
        parts.append("<<<ORDEWELL_DONE_x>>>")
    return " ".join(parts)


def _task(rng: random.Random, task_id: Any, ids: list[Any], order: int, depth: int) -> Any:
    if chance(rng, 0.02):
        return pick(rng, (None, 3, "task", []))
    task: dict[str, Any] = {}
    if chance(rng, 0.97):
        task["id"] = task_id
    if chance(rng, 0.9):
        task["order"] = order if chance(rng, 0.9) else pick(rng, ("2", -1, None, 1.5))
    if chance(rng, 0.9):
        task["title"] = prose(rng)
    if chance(rng, 0.5):
        task["description"] = prose(rng)
    if chance(rng, 0.9):
        task["type"] = pick(rng, ("ai", "ai", "ai", "user", "AI", None))
    if chance(rng, 0.85):
        task["sliceType"] = pick(rng, SLICES)
    if chance(rng, 0.6):
        task["autonomy"] = pick(rng, SLICES)
    others = [item for item in ids if item != task_id]
    if chance(rng, 0.9):
        deps = rng.sample(others, min(len(others), rng.randint(0, 2)))
        if chance(rng, 0.05):
            deps.append(task_id)  # itself
        if chance(rng, 0.05):
            deps.append(pick(rng, ("missing", 99, None, "")))
        task["dependencies"] = deps if chance(rng, 0.97) else pick(rng, ("t1", None, {}))
    if chance(rng, 0.85):
        task["prompt"] = _prompt(rng, [str(item) for item in others])
    if chance(rng, 0.4):
        task["assignedRunner"] = pick(rng, RUNNERS)
    if chance(rng, 0.3):
        task["status"] = pick(rng, STATUSES)
    if chance(rng, 0.2):
        task["completionMarker"] = f"{task_id}-{rng.randint(0, 9999):04x}"
    if chance(rng, 0.15):
        task["outputSummary"] = {
            "reviewReason": prose(rng),
            "logTail": prose(rng) + pick(rng, ("", "\n<<<ORDEWELL_DONE_m>>>")),
            "capturedAt": "2026-01-01T00:00:00.000Z",
        }
    if chance(rng, 0.1):
        task["userSteps"] = [{"order": 1, "text": prose(rng)}]
    if depth < 2 and chance(rng, 0.2):
        sub_ids: list[Any] = [f"{task_id}.{index}" for index in range(rng.randint(1, 3))]
        task["subtasks"] = [
            _task(rng, sub, sub_ids, index, depth + 1) for index, sub in enumerate(sub_ids)
        ]
    elif chance(rng, 0.3):
        task["subtasks"] = []
    if chance(rng, 0.03):
        task[pick(rng, ("estimate", "runner", "deps"))] = pick(rng, (huge_number(rng), 1, []))
    return task


def tasks(rng: random.Random) -> list[Any]:
    count = rng.randint(1, 9)
    ids: list[Any] = unique_ids(rng, count, hostile=0.05)
    ids = [name.lower() if chance(rng, 0.5) else name for name in ids]
    if chance(rng, 0.15):
        ids = list(range(1, count + 1))  # numeric ids
    if chance(rng, 0.03):
        ids[-1] = ids[0]  # a duplicate id
    return [_task(rng, task_id, ids, index + 1, 0) for index, task_id in enumerate(ids)]


def _dump(rng: random.Random, value: Any) -> str:
    text = json.dumps(value, indent=pick(rng, (None, 1, 2, 2, 4)), ensure_ascii=chance(rng, 0.4))
    if chance(rng, 0.15):
        text = text.replace("]", ",]", 1) if chance(rng, 0.5) else text.replace("}", ",}", 1)
    if chance(rng, 0.05):
        text = text.replace("\\n", "\n", 1)  # a raw line break inside a string
    return text


def plan_object(rng: random.Random) -> str:
    return _dump(rng, {"tasks": tasks(rng)})


def session(rng: random.Random) -> str:
    plan: dict[str, Any] = {"tasks": tasks(rng)}
    if chance(rng, 0.8):
        plan["runners"] = rng.sample(["claude-code", "codex", "opencode"], rng.randint(0, 3))
    meta = {
        "id": f"session-{rng.randint(0, 10**6)}",
        "goal": prose(rng),
        "status": pick(rng, ("running", "done", "planning")),
        "runners": ["claude-code"] if chance(rng, 0.9) else "claude-code",
    }
    return json.dumps({"meta": meta, "plan": plan}, indent=pick(rng, (None, 2)))


def reply(rng: random.Random) -> str:
    parts: list[str] = []
    if chance(rng, 0.5):
        parts.append(f"<think>\n{prose(rng)} {{a rough plan}}\n</think>")
    if chance(rng, 0.1):
        parts.append("<think>unclosed " + prose(rng))
    for _ in range(rng.randint(1, 3)):
        parts.append(pick(rng, ("Here is the plan:", "Draft:", "Final plan:", prose(rng))))
        body = plan_object(rng)
        fence = pick(rng, ("```json\n{}\n```", "```\n{}\n```", "{}", "```JSON\n{}\n``", "~~~\n{}"))
        parts.append(fence.replace("{}", body, 1))
    if chance(rng, 0.2):
        parts.append(pick(rng, (*UNICODE, '{"tasks": [', "```", "}")))
    return "\n\n".join(parts) + "\n"


def plan(rng: random.Random) -> tuple[str, str]:
    """One generated plan input and its file suffix (``.txt`` replies are linted with the
    ``ordewell`` dialect)."""
    roll = rng.random()
    if roll < 0.45:
        return plan_object(rng), ".json"
    if roll < 0.7:
        return session(rng), ".json"
    return reply(rng), ".txt"

"""Facts about an Ordewell plan's dependency graph, computed once per lint and shared by the
plan rules, the simulator and the language server: which task each dependency entry names,
transitive dependencies with a witness chain, cycles, the order labels Ordewell prints
(``order-labels.ts``), which tasks can never become ready, and the task mentions and file paths
in each prompt."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from functools import cached_property
from itertools import compress
from typing import Any

from dipcheck.jsvalue import UNDEFINED, coalesce, key, to_string, truthy
from dipcheck.plan import Dependency, JMember, Plan, PlanTask
from dipcheck.records import record

_TASK_LABEL = re.compile(
    r"\b[Tt]ask\s+#?(\d+(?:\.\d+)?)(?!\w|\.\d)|(?<![\w#])#(\d+(?:\.\d+)?)(?!\w|\.\d)"
)
_WORD = re.compile(r"[\w.\-/:@]+")
_LETTER = re.compile(r"[A-Za-z]")
_EXTENSIONS = (
    "py|pyi|ts|tsx|js|jsx|mjs|cjs|json|md|mdx|yaml|yml|toml|go|rs|java|kt|rb|c|h|cc|cpp|hpp|cs|"
    "swift|sql|sh|css|scss|html|vue|svelte|txt|cfg|ini|lock|dart|php|ex|exs|lua|scala|proto|"
    "graphql|prisma|tf|gradle|xml|dip|dot"
)
# a path with a directory, or a bare file name with a common source/document extension
_PATH = re.compile(
    r"(?<![\w./\-:@])((?:[\w.\-@]+/)+[\w.\-@]+\.[A-Za-z][A-Za-z0-9]{0,7}"
    r"|[\w\-.@]+\.(?:" + _EXTENSIONS + r"))(?![\w/\-])"
)

_KEPT_TARGETS = 64  # the targets whose distances `chain(shared=True)` keeps
# the tasks `chain(shared=True)` searches near a chain before it works out, and keeps, every
# task's distance to the target
_NEAR_SEARCH = 256


def _continues(text: str, end: int) -> bool:
    """Does a word go on at ``end`` (so a title ending there is only a prefix)?"""
    return end < len(text) and (text[end].isalnum() or text[end] == "_")


def label(task: PlanTask) -> str:
    """The order label Ordewell shows (``taskOrderLabel``): ``3``, or ``2.1`` under the direct
    parent."""
    order = task.js.get("order", UNDEFINED)
    if task.parent is None:
        return to_string(order)
    return f"{to_string(task.parent.js.get('order', UNDEFINED))}.{to_string(order)}"


def effective_prompt(task: PlanTask) -> tuple[str, JMember | None]:
    """The text the runner receives as the task's prompt and the member it comes from: the
    prompt; for a plan the planner emitted, the description or the title standing in for a
    missing one (``parseTask``)."""
    prompt = task.js.get("prompt", UNDEFINED)
    if not truthy(prompt) or not isinstance(prompt, str):
        return "", None
    for name in ("prompt", "description", "title"):
        member = task.member(name)
        if member is not None and to_string(member.value.py()) == prompt:
            return prompt, member
    return prompt, None


def bits(mask: int) -> list[int]:
    """The positions of a mask's set bits, lowest first."""
    digits = bin(mask)[:1:-1].encode("ascii").translate(_DIGIT_VALUES)
    return list(compress(range(len(digits)), digits))


_DIGIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")


@record(frozen=True, slots=True)
class Mention:
    """A place in a prompt that names another task."""

    task: PlanTask  # who is named
    start: int  # in the prompt's text
    end: int
    how: str  # "label", "id", "title"


class PlanFacts:
    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.flat = plan.flat
        self.by_id: dict[Any, list[PlanTask]] = {}
        for task in self.flat:
            self.by_id.setdefault(key(task.id), []).append(task)

    def resolve(self, dep: Dependency) -> list[PlanTask]:
        """The tasks a dependency entry names (several when the id is duplicated)."""
        return self.by_id.get(key(dep.value), [])

    @cached_property
    def edges(self) -> list[list[tuple[int, Dependency]]]:
        """For each task (by flat index): the tasks its dependencies name, with the entry."""
        table: list[list[tuple[int, Dependency]]] = []
        for task in self.flat:
            row: list[tuple[int, Dependency]] = []
            for dep in task.deps:
                row.extend((target.index, dep) for target in self.resolve(dep))
            table.append(row)
        return table

    @cached_property
    def dependents(self) -> list[list[int]]:
        table: list[list[int]] = [[] for _ in self.flat]
        for index, row in enumerate(self.edges):
            for target, _ in row:
                table[target].append(index)
        return table

    def direct(self, task: PlanTask) -> set[int]:
        return {target for target, _ in self.edges[task.index]}

    def chain_text(self, task: PlanTask, target: int, limit: int = 6) -> str:
        """``task 4 → task 3 → task 2``; a long chain keeps its ends (``… 12 more …``)."""
        head, length = self.chain(task, target, limit)
        if length > limit:
            hidden = length - limit + 1
            shown = [*head[: limit - 2], None, self.flat[target]]
        else:
            hidden, shown = 0, list(head)
        names = [f"task {self.label_of(item)}" if item else f"… {hidden} more …" for item in shown]
        return " → ".join(names)

    def label_of(self, task: PlanTask) -> str:
        cache: dict[int, str] = self.__dict__.setdefault("_labels", {})
        found = cache.get(task.index)
        if found is None:
            found = cache[task.index] = label(task)
        return found

    def chain(
        self, task: PlanTask, target: int, head: int, shared: bool = False
    ) -> tuple[list[PlanTask], int]:
        """The first ``head`` tasks of the chain ``task`` → … → ``target`` along dependencies,
        and the chain's length in tasks. The chain is the one a breadth-first search from
        ``task`` finds (a shortest one; among those, the one taking the earliest listed
        dependency at each step), walked forwards: from each task, its first listed dependency
        one step closer to ``target``. ``shared``: many tasks ask about the same few targets
        (the simulate report names each task's first indirect dependencies, which in a long
        chain are the same early tasks): every task's distance to ``target`` is worked out
        once and kept (the search from each task walked the whole chain again: 5,000 tasks
        took a minute)."""
        distance = None
        if shared:
            kept: dict[int, dict[int, int]] = self.__dict__.get("_to_target", {})
            distance = kept.get(target)
            if distance is None:  # (a target close by: its search stays small, and each
                # task of a long chain has its own near targets, each searched back through
                # all the chain's dependents before)
                distance = self._distances_near(task.index, target, _NEAR_SEARCH)
            if distance is None:
                distance = self._distances_to(target)
        else:
            distance = self._distances_near(task.index, target)
        assert distance is not None
        length = distance[task.index] + 1
        path = [task.index]
        while len(path) < min(head, length):
            closer = distance[path[-1]] - 1
            path.append(next(t for t, _ in self.edges[path[-1]] if distance.get(t) == closer))
        return [self.flat[index] for index in path], length

    def _distances_to(self, target: int) -> dict[int, int]:
        """How many dependency steps from each task that depends on ``target`` (transitively)
        to it, breadth first back along the dependents; the last :data:`_KEPT_TARGETS`
        targets' are kept."""
        kept: dict[int, dict[int, int]] = self.__dict__.setdefault("_to_target", {})
        found = kept.get(target)
        if found is not None:
            return found
        if len(kept) >= _KEPT_TARGETS:
            del kept[next(iter(kept))]
        found = kept[target] = {target: 0}
        queue = deque([target])
        dependents = self.dependents
        while queue:
            current = queue.popleft()
            step = found[current] + 1
            for dependent in dependents[current]:
                if dependent not in found:
                    found[dependent] = step
                    queue.append(dependent)
        return found

    def _distances_near(
        self, start: int, target: int, limit: int | None = None
    ) -> dict[int, int] | None:
        """How many dependency steps from each task to ``target``, for the tasks ``start``
        reaches in no more steps than ``target`` (breadth first along the dependencies from
        ``start`` until ``target``'s level is complete, then back along the dependents from
        ``target`` inside those): exact for every task on a shortest chain, and the search
        stays near the chain. (Every task depending on ``target`` was searched before: a
        chain of 5,000 tasks each naming the task two back took 9 s in O10.) None when the
        search passes ``limit`` tasks."""
        near = {start}
        level = [start]
        while target not in near and level:
            following = []
            for current in level:
                for dependency, _ in self.edges[current]:
                    if dependency not in near:
                        near.add(dependency)
                        following.append(dependency)
            if limit is not None and len(near) > limit:
                return None
            level = following
        found = {target: 0}
        queue = deque([target])
        while queue:
            current = queue.popleft()
            step = found[current] + 1
            for dependent in self.dependents[current]:
                if dependent in near and dependent not in found:
                    found[dependent] = step
                    queue.append(dependent)
        return found

    @cached_property
    def reach(self) -> list[int]:
        """For each task, the set of tasks it depends on (transitively, itself excluded) as a
        bit mask: one pass over the strongly connected components, each found after those it
        depends on, a component's mask the union of its members' dependencies and theirs.
        Each mask is stored as it is returned (a dependent adds the dependency's own bit
        itself): the masks of a long plan take hundreds of megabytes, a second list of them
        as much again."""
        masks = [0] * len(self.flat)
        for component in self._components():
            mask = 0
            for member in component:
                for target, _ in self.edges[member]:
                    mask |= (1 << target) | masks[target]
            for member in component:
                masks[member] = mask & ~(1 << member)
        return masks

    @cached_property
    def reached_by(self) -> list[int]:
        """For each task, the set of tasks that depend on it (transitively, itself excluded)
        as a bit mask: :attr:`reach` turned around, the components taken dependents first."""
        masks = [0] * len(self.flat)
        for component in reversed(list(self._components())):
            mask = 0
            for member in component:
                for dependent in self.dependents[member]:
                    mask |= (1 << dependent) | masks[dependent]
            for member in component:
                masks[member] = mask & ~(1 << member)
        return masks

    def direct_mask(self, task: PlanTask) -> int:
        mask = 0
        for target, _ in self.edges[task.index]:
            mask |= 1 << target
        return mask

    @cached_property
    def cycles(self) -> list[list[tuple[int, Dependency]]]:
        """One witness cycle per strongly connected component that has one (a self-dependency
        included): the edges in order, the last one closing the cycle."""
        found: list[list[tuple[int, Dependency]]] = []
        for component in self._components():
            members = set(component)
            start = min(component)
            if len(component) == 1:
                loops = [(t, d) for t, d in self.edges[start] if t == start]
                if loops:
                    found.append([loops[0]])
                continue
            # shortest cycle through `start` inside the component
            previous: dict[int, tuple[int, Dependency]] = {}
            queue = deque([start])
            closing: tuple[int, Dependency] | None = None
            last = start
            while queue and closing is None:
                current = queue.popleft()
                for target, dep in self.edges[current]:
                    if target not in members:
                        continue
                    if target == start:
                        closing = (target, dep)
                        last = current
                        break
                    if target not in previous:
                        previous[target] = (current, dep)
                        queue.append(target)
            if closing is None:
                continue
            path: list[tuple[int, Dependency]] = [closing]
            node = last
            while node != start:
                origin, dep = previous[node]
                path.append((node, dep))
                node = origin
            path.reverse()
            found.append(path)
        return found

    def _components(self) -> Iterator[list[int]]:
        """Tarjan's strongly connected components, iteratively."""
        count = len(self.flat)
        index_of = [-1] * count
        low = [0] * count
        on_stack = [False] * count
        stack: list[int] = []
        counter = 0
        for root in range(count):
            if index_of[root] != -1:
                continue
            work: list[tuple[int, int]] = [(root, 0)]
            while work:
                node, position = work.pop()
                if position == 0:
                    index_of[node] = low[node] = counter
                    counter += 1
                    stack.append(node)
                    on_stack[node] = True
                row = self.edges[node]
                advanced = False
                while position < len(row):
                    target = row[position][0]
                    position += 1
                    if index_of[target] == -1:
                        work.append((node, position))
                        work.append((target, 0))
                        advanced = True
                        break
                    if on_stack[target]:
                        low[node] = min(low[node], index_of[target])
                if advanced:
                    continue
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index_of[node]:
                    component: list[int] = []
                    while True:
                        member = stack.pop()
                        on_stack[member] = False
                        component.append(member)
                        if member == node:
                            break
                    yield component

    @cached_property
    def blocked_forever(self) -> dict[int, str]:
        """Tasks that never become ready, with why: no prompt, a dependency naming no task,
        a cycle, or a dependency that never completes (transitively)."""
        reasons: dict[int, str] = {}
        for task in self.flat:
            if self.plan.stored and task.js.get("status") == "completed":
                continue
            if not task.is_user and not truthy(task.js.get("prompt", UNDEFINED)):
                reasons[task.index] = "it has no prompt"
            for dep in task.deps:
                if not self.resolve(dep):
                    reasons.setdefault(task.index, f'its dependency "{dep.text}" names no task')
        for cycle in self.cycles:
            for target, _ in cycle:
                reasons.setdefault(target, "it is on a dependency cycle")
        queue = deque(reasons)
        while queue:
            current = queue.popleft()
            for dependent in self.dependents[current]:
                if dependent not in reasons:
                    reasons[dependent] = f"it waits for task {label(self.flat[current])}"
                    queue.append(dependent)
        return reasons

    @cached_property
    def labels(self) -> dict[str, list[PlanTask]]:
        table: dict[str, list[PlanTask]] = {}
        for task in self.flat:
            table.setdefault(label(task), []).append(task)
        return table

    def mentions(self, task: PlanTask, text: str, candidates: int) -> Iterator[Mention]:
        """The places in ``text`` (``task``'s prompt) that name one of ``candidates`` (a bit
        mask of task indexes): ``task N`` / ``Task N`` / ``#N`` by its order label, its id as
        a word (ids with a letter and two characters or more), its exact title (titles of two
        words or more)."""
        if not candidates:
            return
        for match in _TASK_LABEL.finditer(text):
            group = 1 if match.group(1) is not None else 2
            named = self.labels.get(match.group(group), [])
            if len(named) == 1 and (candidates >> named[0].index) & 1:
                yield Mention(named[0], match.start(), match.end(), "label")
        ids, titles, lengths = self._names
        firsts = self._first_words
        seen = 0
        words = [(m.group().rstrip(".:/"), m.start()) for m in _WORD.finditer(text)]
        for position, (word, start) in enumerate(words):
            for index in ids.get(word, ()):
                if (candidates >> index) & 1 and not (seen >> index) & 1:
                    seen |= 1 << index
                    yield Mention(self.flat[index], start, start + len(word), "id")
            if word not in firsts:
                continue
            for length in lengths:
                if position + length > len(words):
                    break
                phrase = tuple(item for item, _ in words[position : position + length])
                for title, index in titles.get(phrase, ()):
                    if (
                        (candidates >> index) & 1
                        and not (seen >> index) & 1
                        and text.startswith(title, start)
                        and not _continues(text, start + len(title))
                    ):
                        seen |= 1 << index
                        yield Mention(self.flat[index], start, start + len(title), "title")

    @cached_property
    def _first_words(self) -> frozenset[str]:
        return frozenset(words[0] for words in self._names[1])

    @cached_property
    def _names(
        self,
    ) -> tuple[dict[str, list[int]], dict[tuple[str, ...], list[tuple[str, int]]], list[int]]:
        """Ids that count as words (two characters or more, a letter among them); titles of
        two words or more by their words; the word counts of those titles."""
        ids: dict[str, list[int]] = {}
        titles: dict[tuple[str, ...], list[tuple[str, int]]] = {}
        for task in self.flat:
            ident = task.id
            if isinstance(ident, str) and len(ident) >= 2 and _LETTER.search(ident):
                ids.setdefault(ident, []).append(task.index)
            title = coalesce(task.js.get("title"), "")
            if isinstance(title, str) and len(title.split()) >= 2:
                words = tuple(m.group().rstrip(".:/") for m in _WORD.finditer(title))
                first = _WORD.match(title)
                if len(words) >= 2 and first is not None and first.start() == 0:
                    titles.setdefault(words, []).append((title, task.index))
        return ids, titles, sorted({len(words) for words in titles})

    @cached_property
    def paths(self) -> dict[int, list[tuple[str, int, int]]]:
        """File paths each runnable task's prompt names (path, start, end in the prompt)."""
        table: dict[int, list[tuple[str, int, int]]] = {}
        for task in self.flat:
            if task.is_user or task.index in self.blocked_forever:
                continue
            text, _ = effective_prompt(task)
            found: list[tuple[str, int, int]] = []
            seen: set[str] = set()
            for match in _PATH.finditer(text):
                path = match.group(1).rstrip(".")
                if "://" in text[max(0, match.start() - 12) : match.start() + 3]:
                    continue
                if path.startswith("./"):
                    path = path[2:]
                if path not in seen and "." in path.rsplit("/", 1)[-1]:
                    seen.add(path)
                    found.append((path, match.start(1), match.start(1) + len(path)))
            if found:
                table[task.index] = found
        return table

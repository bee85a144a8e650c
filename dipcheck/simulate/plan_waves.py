"""Ordewell's scheduler, reproduced (other-formats.md §5.4; ``TaskOrchestrator.ts``,
``PlanStore.ts``): which tasks start together (a wave), in what order, and how a run ends.

The state is kept the way Ordewell keeps it — statuses on the task objects, completed and
failed ids in sets, holds and live sessions keyed by id, a task looked up by id finding the
last task with that id — so that plans with duplicate ids, unknown dependencies or cycles
behave as they would there. What each task does comes from a scenario: ``success`` (the
default), ``fail``, ``spawn_fail`` (the runner cannot start: the task goes back to pending and
on hold, and its slot is refilled at once) or ``cancel``.
"""

from __future__ import annotations

from typing import Any

from dipcheck.analysis.plan_facts import PlanFacts, bits
from dipcheck.jsvalue import UNDEFINED, key, to_number, truthy
from dipcheck.plan import Plan, PlanKind, PlanTask
from dipcheck.records import field, record

OUTCOMES = ("success", "fail", "spawn_fail", "cancel")
DEFAULT_PARALLEL = 3


@record(frozen=True)
class Scenario:
    max_parallel: int = DEFAULT_PARALLEL
    outcomes: dict[str, str] = field(default_factory=dict)


@record
class Start:
    """A task started in a wave, and what it is handed: the direct dependencies whose output
    it receives, the direct ones with no output captured, and the indirect ones it does not
    receive — kept as a mask over ``flat`` and listed only when asked: every task of a
    12,000-task chain has all those before it, and their lists took 580 MB for a text report
    that names ten of each."""

    task: PlanTask
    wave: int
    receives: list[PlanTask]
    without_output: list[PlanTask]
    indirect_mask: int
    flat: list[PlanTask] = field(repr=False, compare=False)

    @property
    def indirect(self) -> list[PlanTask]:
        """Every indirect dependency, in the plan's order."""
        return list(map(self.flat.__getitem__, bits(self.indirect_mask)))

    def first_indirect(self, count: int) -> list[PlanTask]:
        """The first ``count`` indirect dependencies, in the plan's order."""
        found: list[PlanTask] = []
        mask = self.indirect_mask
        while mask and len(found) < count:
            lowest = mask & -mask
            found.append(self.flat[lowest.bit_length() - 1])
            mask ^= lowest
        return found


@record
class Outcome:
    waves: list[list[PlanTask]]
    user_waves: set[int]
    starts: list[Start]
    completed: list[PlanTask]
    failed: list[PlanTask]
    blocked: list[PlanTask]
    on_hold: list[PlanTask]
    not_run: list[PlanTask]
    stopped_by_failure: bool
    all_complete: bool
    refused: str | None = None


class _Scheduler:
    def __init__(self, plan: Plan, scenario: Scenario) -> None:
        self.plan = plan
        self.facts = PlanFacts(plan)
        self.flat = plan.flat
        self.scenario = scenario
        self.status: list[Any] = [task.js.get("status", "pending") for task in self.flat]
        self.summary: list[bool] = [truthy(task.js.get("outputSummary")) for task in self.flat]
        self.by_id: dict[Any, int] = {key(task.id): task.index for task in self.flat}
        self.completed: set[Any] = set()
        self.failed: set[Any] = set()
        self.on_hold: set[Any] = set()
        self.active: dict[Any, int] = {}
        self.starting: set[Any] = set()
        self.running = False
        self.wave: list[PlanTask] = []
        # what a task's JSON says never changes during a run, so it is computed once: each
        # task's dependencies and id as keys, whether it is an ai task with a prompt, its order
        # as a number (when a sort first compares it: a conversion may throw)
        self.dep_keys: list[list[Any]] = [[key(dep) for dep in self.deps(t)] for t in self.flat]
        self.ids: list[Any] = [key(task.id) for task in self.flat]
        self.user: list[bool] = [task.is_user for task in self.flat]
        self.runnable: list[bool] = [
            not task.is_user and truthy(task.js.get("prompt", UNDEFINED)) for task in self.flat
        ]
        self.orders: dict[int, float] = {}
        self.needed_by: dict[Any, list[int]] = {}  # a key → the tasks listing it (per entry)
        for index, keys in enumerate(self.dep_keys):
            for dep in keys:
                self.needed_by.setdefault(dep, []).append(index)
        # kept up to date from the start of a run (`track`), so that a scheduling pass looks
        # at the tasks that can start instead of every task: how many of each task's
        # dependency entries are not completed, the ai tasks pending or approved with none
        # missing, the user tasks not completed with none missing, the completed statuses
        self.missing: list[int] = []
        self.startable: set[int] = set()
        self.doable: set[int] = set()
        self.statuses_completed = 0

    # -- PlanStore ---------------------------------------------------------------------------

    def entry(self, ident: Any) -> int | None:
        return self.by_id.get(key(ident))

    def deps(self, task: PlanTask) -> list[Any]:
        value = task.js.get("dependencies", UNDEFINED)
        return value if isinstance(value, list) else []

    def mark(self, ident: Any, status: str) -> None:
        ident_key = key(ident)
        was_completed = ident_key in self.completed
        self.completed.discard(ident_key)
        self.failed.discard(ident_key)
        if status == "completed":
            self.completed.add(ident_key)
        elif status == "failed":
            self.failed.add(ident_key)
        if was_completed != (ident_key in self.completed):
            step = -1 if status == "completed" else 1
            for dependent in self.needed_by.get(ident_key, ()):
                self.missing[dependent] += step
                self.refresh(dependent)
        index = self.entry(ident)
        if index is not None:
            self.set_status(index, status)

    def set_status(self, index: int, status: Any) -> None:
        self.statuses_completed += (status == "completed") - (self.status[index] == "completed")
        self.status[index] = status
        self.refresh(index)

    def track(self) -> None:
        """Start keeping the counts and sets ``ready`` and ``user_wave`` read."""
        self.missing = [
            sum(1 for dep in keys if dep not in self.completed) for keys in self.dep_keys
        ]
        self.statuses_completed = sum(1 for status in self.status if status == "completed")
        for index in range(len(self.flat)):
            self.refresh(index)

    def refresh(self, index: int) -> None:
        status = self.status[index]
        waiting = self.missing[index] != 0
        if self.runnable[index] and not waiting and status in ("pending", "approved"):
            self.startable.add(index)
        else:
            self.startable.discard(index)
        if self.user[index] and not waiting and status != "completed":
            self.doable.add(index)
        else:
            self.doable.discard(index)

    def all_completed(self) -> bool:
        return self.statuses_completed == len(self.status)

    def load(self) -> str | None:
        """``executePlan``: ``resetForRun`` then ``loadPlan``; the refusal when the plan has an
        ai task on a runner outside the plan's set."""
        if self.plan.kind is PlanKind.SESSION:  # loadSession: orphaned in_progress → pending
            for index, task in enumerate(self.flat):
                if task.depth <= 1 and self.status[index] == "in_progress":
                    self.status[index] = "pending"
        for index, task in enumerate(self.flat):  # resetForRun: `type` exactly "ai"
            if task.js.get("type") == "ai" and self.status[index] != "completed":
                self.status[index] = "approved"
        for index, task in enumerate(self.flat):
            if self.status[index] == "completed":
                self.completed.add(key(task.id))
            elif self.status[index] == "failed":
                self.status[index] = "pending"
        for task in self.flat:  # validateAssignedRunners: ai tasks only
            if task.js.get("type") != "ai":
                continue
            runner = task.js.get("assignedRunner", UNDEFINED)
            if runner not in self.plan.runners:
                return (
                    f'task "{task.js.get("title", "")}" has assignedRunner "{runner}", which is '
                    f"not in the plan's runner set [{', '.join(self.plan.runners)}]: Ordewell "
                    "refuses to load the plan"
                )
        return None

    # -- TaskOrchestrator --------------------------------------------------------------------

    def blocked(self, index: int) -> bool:
        if self.status[index] == "blocked":
            return True
        failed = self.failed
        return bool(failed) and any(dep in failed for dep in self.dep_keys[index])

    def ready(self) -> list[PlanTask]:
        if not self.running:
            return []
        slots = self.scenario.max_parallel - len(self.active)
        if slots <= 0:
            return []
        found = [
            index
            for index in sorted(self.startable)
            if self.ids[index] not in self.on_hold and not self.blocked(index)
        ]
        if len(found) > 1:
            # sorted by order with the comparator ``a.order - b.order``: a sort asks only
            # whether one item is less than another, and ``a - b < 0`` is ``a < b`` for any two
            # numbers, NaN (never less, never greater) and infinities included
            orders = self.orders
            for index in found:
                if index not in orders:  # (Number() of an object may throw, as the sort would)
                    orders[index] = to_number(self.flat[index].js.get("order"))
            found.sort(key=orders.__getitem__)
        return [self.flat[index] for index in found[:slots]]

    def tick(self, depth: int = 0) -> None:
        """One scheduling pass (``tick``): start the ready tasks, or, with nothing ready and
        nothing running, stop when every task is complete."""
        if not self.running or depth > len(self.flat) + 1:
            return
        ready = self.ready()
        if not ready and not self.active:
            if self.all_completed():
                self.running = False
            return
        for task in ready:
            self.start(task, depth)

    def start(self, task: PlanTask, depth: int) -> None:
        ident = key(task.id)
        if ident in self.active or ident in self.starting:
            return
        self.starting.add(ident)
        self.mark(task.id, "in_progress")
        outcome = self.scenario.outcomes.get(_id_text(task), "success")
        self.starting.discard(ident)
        if outcome == "spawn_fail":
            self.mark(task.id, "pending")
            self.on_hold.add(ident)
            self.tick(depth + 1)
            return
        self.active[ident] = task.index
        self.wave.append(task)

    def finish(self, task: PlanTask) -> None:
        ident = key(task.id)
        outcome = self.scenario.outcomes.get(_id_text(task), "success")
        self.active.pop(ident, None)
        index = self.entry(task.id)
        if outcome == "cancel":
            self.mark(task.id, "pending")
            self.on_hold.add(ident)
            return
        if outcome == "fail":
            self.mark(task.id, "failed")
            self.running = False
        else:
            self.mark(task.id, "completed")
        if index is not None:
            self.summary[index] = True

    def user_wave(self) -> list[PlanTask]:
        """The human completes every user task that can be done now
        (docs/runtime/failures.md#retries item 5)."""
        eligible = [self.flat[index] for index in sorted(self.doable) if not self.blocked(index)]
        done: list[PlanTask] = []
        for task in eligible:
            index = self.entry(task.id)
            if index is None or self.status[index] == "completed":
                continue
            self.mark(task.id, "completed")
            self.summary[index] = True
            ident = key(task.id)
            for other in self.needed_by.get(ident, ()):
                if self.status[other] == "blocked":
                    self.set_status(other, "pending")
            self.on_hold.discard(ident)
            done.append(task)
        return done

    def handed(self, task: PlanTask, wave: int) -> Start:
        receives: list[PlanTask] = []
        without: list[PlanTask] = []
        direct: set[int] = set()
        for dep in self.deps(task):
            index = self.entry(dep)
            if index is None or index in direct:  # (by index: comparing tasks compares
                continue  # their whole JSON, and a task may list a dependency twice)
            direct.add(index)
            (receives if self.summary[index] else without).append(self.flat[index])
        mask = self.facts.reach[task.index]
        for index in direct:
            mask &= ~(1 << index)
        return Start(task, wave, receives, without, mask, self.flat)

    def run(self) -> Outcome:
        waves: list[list[PlanTask]] = []
        user_waves: set[int] = set()
        starts: list[Start] = []
        refused = self.load()
        if refused is None:
            self.track()
            self.running = True
            for _ in range(2 * len(self.flat) + 2):
                self.wave = []
                self.tick()
                started = list(self.wave)
                if started:
                    waves.append(started)
                    starts.extend(self.handed(task, len(waves)) for task in started)
                    for task in started:
                        self.finish(task)
                    if not self.running:
                        break
                    continue
                if not self.running:
                    break
                done = self.user_wave()
                if not done:
                    break
                waves.append(done)
                user_waves.add(len(waves) - 1)
        flat = self.flat
        return Outcome(
            waves=waves,
            user_waves=user_waves,
            starts=starts,
            completed=[t for t in flat if self.status[t.index] == "completed"],
            failed=[t for t in flat if self.status[t.index] == "failed"],
            blocked=[t for t in flat if self.blocked(t.index)],
            on_hold=[t for t in flat if self.ids[t.index] in self.on_hold],
            not_run=[t for t in flat if self.status[t.index] not in ("completed", "failed")],
            stopped_by_failure=bool(self.failed),
            all_complete=all(status == "completed" for status in self.status),
            refused=refused,
        )


def _id_text(task: PlanTask) -> str:
    from dipcheck.jsvalue import to_string

    return to_string(task.id) if not isinstance(task.id, dict | list) else ""


def simulate(plan: Plan, scenario: Scenario | None = None) -> Outcome:
    return _Scheduler(plan, scenario or Scenario()).run()

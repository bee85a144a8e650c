"""What the simulator cannot know and asks for: the outside world at each node visit.

A :class:`Choice` says what happened when a node ran — the agent's status, the human's answer,
the tool's exit code and output, keys written. An :class:`Oracle` answers with the choices for
a visit: a scenario gives exactly one (the default scenario when it names nothing), the
exhaustive explorer gives every alternative that can change the route.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from dipcheck.records import record

if TYPE_CHECKING:
    from dipcheck.simulate.runner import Machine, State
    from dipcheck.simulate.trace import End, Step

ChildRun = tuple["list[Step]", "End", dict[str, str]]


@record(frozen=True, slots=True)
class Choice:
    outcome: str | None = None  # success | fail | retry (agents), success | fail (interview)
    label: str | None = None  # a human gate's answer: an edge label, Yes/No
    text: str | None = None  # a freeform gate's typed text
    stdout: str | None = None
    stderr: str = ""
    exit_code: int | None = None
    writes: tuple[tuple[str, str], ...] = ()
    cycles: int = 0  # manager loop: polls while the child is still running
    marker: str | None = None  # exploration: the marker_grep match, whatever the output
    why: str = ""  # where the choice came from, shown in the trace


class Oracle(Protocol):
    def choices(self, machine: Machine, state: State, path: str, visit: int) -> list[Choice]:
        """The alternatives for visit ``visit`` (1-based) of the node named ``path``."""
        ...

    def free(
        self, machine: Machine, state: State, node: str, keys: tuple[str, ...]
    ) -> list[Mapping[str, str]]:
        """Values for condition operands nothing in the simulation sets (one mapping per
        alternative; an empty mapping leaves them unset, i.e. empty, as the runtime does)."""
        ...

    def runs(self, machine: Machine, state: State) -> list[ChildRun]:
        """The runs of a child workflow (a subgraph or manager loop) from ``state``: its
        steps, how it ended and its final context."""
        ...

    def cut(self, reason: str) -> None:
        """Alternatives were left out (more combinations than the caller tries)."""
        ...


def follow_child(machine: Machine, oracle: Oracle, state: State) -> ChildRun:
    steps, end, final = machine.follow(oracle, state)
    return steps, end, final.ctx


class DefaultOracle:
    """The default scenario: every node takes the runtime's default answer."""

    def choices(self, machine: Machine, state: State, path: str, visit: int) -> list[Choice]:
        return [Choice()]

    def free(
        self, machine: Machine, state: State, node: str, keys: tuple[str, ...]
    ) -> list[Mapping[str, str]]:
        return [{}]

    def runs(self, machine: Machine, state: State) -> list[ChildRun]:
        return [follow_child(machine, self, state)]

    def cut(self, reason: str) -> None:
        """A scenario gives one answer per visit: nothing is ever left out."""

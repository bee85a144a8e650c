"""What an explored state's key keeps: a key the engine resets or a handler rewrites is dead
before the node, but a key *named* ``ctx.K`` is another key (docs/runtime/conditions.md: a
condition's ``ctx.K`` reads the key ``ctx.K`` before ``K``; tracker-runtime.md §5.2 and §3.3,
where only the bare names are reserved), so the engine's reset or rewrite of ``K`` leaves it
as it was.

Two states with equal keys are explored once when the DC4xx rules gather their facts
(``list_paths=False``); merging two that route differently loses the runs of one of them."""

from __future__ import annotations

from simulate_support import machine_for

from dipcheck.simulate.explore import explore
from dipcheck.simulate.runner import State
from dipcheck.simulate.scenario import load_scenario
from dipcheck.simulate.statekey import StateKeys, relevant_keys

ROUTED = """\
    workflow T
      goal: "g"
      start: R
      exit: Done

      agent R
        prompt: route
        writes: side

      agent A1
        prompt: first
        writes: {key}

      agent A2
        prompt: second
        writes: {key}

      agent B
        prompt: b

      agent Good
        prompt: good

      agent Bad
        prompt: bad

      agent Done

      edges
        R -> A1  when ctx.side = left
        R -> A2  when ctx.side = right
        A1 -> B
        A2 -> B
        B -> Good  when ctx.{key} = yes
        B -> Bad  when ctx.{key} = no
        Good -> Done
        Bad -> Done
    """

SCENARIO = """\
nodes:
  A1: {{writes: {{{key}: yes}}}}
  A2: {{writes: {{{key}: no}}}}
  B: {{outcome: success}}
"""


def _taken(key: str, *, list_paths: bool) -> list[str]:
    machine = machine_for(ROUTED.format(key=key))
    scenario = load_scenario("s.yaml", SCENARIO.format(key=key), machine.graph)
    explored = explore(machine, scenario, list_paths=list_paths)
    assert explored.complete, explored.truncated
    graph = machine.graph
    return sorted(
        f"{edge.source.value} -> {edge.target.value}"
        for edge in graph.all_edges
        if id(edge) in explored.taken_edges
    )


EVERY_EDGE = [
    "A1 -> B",
    "A2 -> B",
    "B -> Bad",
    "B -> Good",
    "Bad -> Done",
    "Good -> Done",
    "R -> A1",
    "R -> A2",
]


def test_a_key_named_ctx_outcome_outlives_the_reset_of_outcome() -> None:
    # `writes: ctx.outcome` stores the key `ctx.outcome`; B's conditions read it before the
    # `outcome` the engine resets, so the two runs reach B apart and take B's two edges
    assert _taken("ctx.outcome", list_paths=False) == EVERY_EDGE
    assert _taken("ctx.outcome", list_paths=True) == EVERY_EDGE


def test_a_key_named_ctx_last_response_outlives_the_agents_rewrite() -> None:
    assert _taken("ctx.last_response", list_paths=False) == EVERY_EDGE


def test_a_plain_written_key_routes_both_ways_as_well() -> None:
    assert _taken("verdict", list_paths=False) == EVERY_EDGE


def _keys_at_b(key: str, ctx_one: dict[str, str], ctx_two: dict[str, str]) -> tuple[bool, bool]:
    """Whether two states at B differing only in their context are one state (the key), and
    whether the key holds the context key at all."""
    machine = machine_for(ROUTED.format(key=key))
    keys = StateKeys(machine, relevant_keys(machine))
    one, two = keys(State("B", ctx_one)), keys(State("B", ctx_two))
    return one == two, bool(one[1])


def test_what_the_agent_rewrites_is_dead_before_it_and_the_key_named_ctx_is_not() -> None:
    # B, an agent, rewrites `last_response` before its conditions look: the value it had
    # cannot route B, so states differing in it are one
    assert _keys_at_b("ctx.last_response", {"last_response": "yes"}, {"last_response": "no"}) == (
        True,
        False,
    )
    # ... but the key named `ctx.last_response` is read by B's conditions as it was
    assert _keys_at_b(
        "ctx.last_response", {"ctx.last_response": "yes"}, {"ctx.last_response": "no"}
    ) == (False, True)


def test_what_the_engine_resets_is_dead_before_every_node_and_the_key_named_ctx_is_not() -> None:
    assert _keys_at_b("ctx.outcome", {"outcome": "yes"}, {"outcome": "no"}) == (True, False)
    assert _keys_at_b("ctx.outcome", {"ctx.outcome": "yes"}, {"ctx.outcome": "no"}) == (
        False,
        True,
    )

"""The failure facts of dipcheck.analysis.failure: which handlers can fail (tracker-runtime.md
§5.3 "Other handler outcomes"), where a failure goes (§5.3 step 0 and steps 1-5), and the
three-valued reading of a condition on a failed node, checked against tracker's own evaluator
(dipcheck.analysis.routing) by property tests."""

from __future__ import annotations

from helpers import template
from hypothesis import given
from hypothesis import strategies as st

from dipcheck.analysis import routing
from dipcheck.analysis.failure import (
    FailureFacts,
    Route,
    always_exits_zero,
    how_it_fails,
    outcome_truth,
)
from dipcheck.engine import lint_text
from dipcheck.model import Workflow
from dipcheck.target import parse_target


def workflow(text: str, path: str = "<test>.dip") -> Workflow:
    result = lint_text(text, path)
    assert result.workflow is not None
    return result.workflow


# -- the condition on a failed node --------------------------------------------------------------


def test_outcome_truth_reads_conditions_as_tracker_does() -> None:
    assert outcome_truth("ctx.outcome = fail", "dip") is True
    assert outcome_truth("ctx.outcome = success", "dip") is False
    assert outcome_truth("ctx.outcome != success", "dip") is True
    assert outcome_truth("outcome=fail", "dot") is True
    assert outcome_truth("context.outcome=success", "dot") is False
    assert outcome_truth("ctx.outcome in fail,retry", "dip") is True
    assert outcome_truth("ctx.tool_stdout contains escalate", "dip") is None
    # another key decides when the outcome part holds; the outcome part decides when it fails
    assert outcome_truth("outcome=fail && context.x=1", "dot") is None
    assert outcome_truth("outcome=success && context.x=1", "dot") is False
    assert outcome_truth("outcome=fail || context.x=1", "dot") is True
    # `failure` is not a status (DC313): never equal to `fail`
    assert outcome_truth("ctx.outcome = failure", "dip") is False


def test_outcome_truth_follows_the_target_version() -> None:
    # up to v0.64 `and` is not a separator: the literal is `fail and ctx.x = 1` (tracker#647)
    text = "ctx.outcome = fail and ctx.x = 1"
    assert outcome_truth(text, "dip", parse_target("0.64")) is False
    assert outcome_truth(text, "dip", parse_target("0.65")) is None


_KEYS = st.sampled_from(["ctx.outcome", "outcome", "context.outcome", "ctx.x", "ctx.tool_stdout"])
_OPS = st.sampled_from(["=", "!=", "contains", "startswith", "in"])
_VALUES = st.sampled_from(["fail", "success", "x", "fa", "fail,success", "retry"])
_CLAUSES = st.builds(lambda k, o, v: f"{k} {o} {v}", _KEYS, _OPS, _VALUES)
_CONDITIONS = st.lists(st.lists(_CLAUSES, min_size=1, max_size=3), min_size=1, max_size=3).map(
    lambda branches: " || ".join(" && ".join(branch) for branch in branches)
)


@given(_CONDITIONS, st.sampled_from(["", "x", "fail", "escalate"]))
def test_a_decided_truth_holds_whatever_the_other_keys(condition: str, other: str) -> None:
    """When the outcome alone decides the condition, tracker's evaluator agrees for any value
    of the other keys."""
    truth = outcome_truth(condition, "dot")
    values = {"outcome": "fail", "x": other, "tool_stdout": other}
    actual = routing.evaluate(condition, values.get)
    if truth is not None:
        assert truth is actual


_OUTCOME_ONLY = st.lists(
    st.lists(
        st.builds(
            lambda k, o, v: f"{k} {o} {v}",
            st.sampled_from(["ctx.outcome", "outcome", "context.outcome"]),
            _OPS,
            _VALUES,
        ),
        min_size=1,
        max_size=3,
    ),
    min_size=1,
    max_size=3,
).map(lambda branches: " || ".join(" && ".join(branch) for branch in branches))


@given(_OUTCOME_ONLY)
def test_a_condition_on_the_outcome_alone_is_always_decided(condition: str) -> None:
    """Completeness: with no other key involved the failed node's route is known, and it is
    what tracker's evaluator says."""
    assert outcome_truth(condition, "dot") is routing.evaluate(condition, {"outcome": "fail"}.get)


# -- which handlers fail ---------------------------------------------------------------------------

KINDS = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      agent Work
        prompt: Work.
      tool Make
        timeout: 1m
        command: make
      tool Always
        timeout: 1m
        command: make || true
      human Choose
        label: "Pick one"
      human Confirm
        label: "Ship?"
        mode: yes_no
      human Ask
        label: "Tell me"
        mode: freeform
        timeout: 1m
      conditional Route
      parallel Fan -> A, B
      parallel Strict -> A, B
        params:
          fan_in_policy: all
      agent A
        prompt: a
      agent B
        prompt: b
      agent Done
      edges
        Start -> Work
    """
)


def test_which_handlers_can_report_fail() -> None:
    flow = workflow(KINDS)
    kinds = {node.id: how_it_fails(node, flow) for node in flow.nodes}
    assert kinds["Start"] == ""  # a prompt-less start node is the passthrough
    assert kinds["Work"].startswith("an empty response")
    assert kinds["Make"] == "its command exits non-zero"
    assert kinds["Always"] == ""  # `|| true`: the command always exits 0
    assert kinds["Choose"] == ""  # choice mode always succeeds
    assert kinds["Confirm"] == "the answer is No"
    assert kinds["Ask"] == "it times out with no `default`"
    assert kinds["Route"] == ""
    assert kinds["Fan"] == "every branch fails"
    assert kinds["Strict"] == "its `fan_in_policy: all` is not met"


def test_always_exits_zero() -> None:
    assert always_exits_zero("make test || true") is not None
    assert always_exits_zero("make test\nexit 0") is not None
    assert always_exits_zero("make test") is None
    assert always_exits_zero("if make; then exit 0; fi\nmake again") is None


# -- where a failure goes -------------------------------------------------------------------------

ROUTES = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
      agent Strict
        prompt: s
      agent Fallback
        prompt: f
        fallback_target: Help
      agent Cond
        prompt: c
      agent Maybe
        prompt: m
      agent Through
        prompt: t
      agent NoMatch
        prompt: n
      human Help
        label: "Help"
      agent Done
      edges
        Start -> Strict
        Strict -> Fallback
        Fallback -> Cond
        Cond -> Maybe  when ctx.outcome = success
        Cond -> Help  when ctx.outcome = fail
        Maybe -> Through  when ctx.verdict = go
        Maybe -> Help  when ctx.outcome = fail
        Through -> NoMatch  when ctx.outcome = success
        Through -> Help
        NoMatch -> Done  when ctx.outcome = success
        Help -> Done
    """
)


def test_failure_paths() -> None:
    facts = FailureFacts(workflow(ROUTES))
    paths = facts.paths
    assert paths["Strict"].route is Route.STOP
    assert (paths["Fallback"].route, paths["Fallback"].target) == (Route.FALLBACK, "Help")
    assert paths["Cond"].route is Route.CONDITION and paths["Cond"].edge is not None
    assert paths["Cond"].edge.target.value == "Help"
    maybe = paths["Maybe"]
    assert maybe.route is Route.MAYBE and maybe.rest is not None
    assert maybe.rest.route is Route.CONDITION and maybe.routed
    assert paths["Through"].route is Route.UNCONDITIONAL
    assert paths["NoMatch"].route is Route.NO_MATCH
    assert "Start" not in paths and "Help" not in paths  # never fail
    assert facts.handlers == {"Help": ["Fallback", "Cond", "Maybe"]}

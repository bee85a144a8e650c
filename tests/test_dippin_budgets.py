"""dippin lints on failure handling and limits (DIP104, DIP111, DIP115, DIP134, DIP136,
DIP137, DIP144, DIP145): an exact range for each, and a minimal passing twin."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from helpers import Finding, lint, only, run, template

from dipcheck.config import Config
from dipcheck.rules import dippin_budgets

WITH_DIP144 = Config(extend_select=("DIP144",))  # off by default

BASE = template(
    """
    workflow B
      start: Start
      exit: Done
      defaults
        on_failure: Recover
      agent Start
        label: Start
      agent Build
        prompt: Build.
      tool Test
        command: make test
        timeout: 5m
      agent Recover
        prompt: Recover.
      agent Done
        label: Done
      edges
        Start -> Build
        Build -> Test
        Test -> Done
        Recover -> Done
    """
)
NO_ON_FAILURE = BASE.replace("  defaults\n    on_failure: Recover\n", "")
CODES = ("DIP104", "DIP111", "DIP115", "DIP134", "DIP136", "DIP137", "DIP144", "DIP145")


def test_base_is_clean() -> None:
    assert only(lint(BASE), *CODES) == []


def test_dip104_retry_policy_without_exit() -> None:
    text = NO_ON_FAILURE.replace("prompt: Build.", "prompt: Build.\n    retry_policy: aggressive")
    assert only(lint(text), "DIP104") == [
        Finding("DIP104", "warning", (8, 5), (8, 17), "retry_policy")
    ]


def test_dip104_twins_bounded_or_routed() -> None:
    text = NO_ON_FAILURE.replace("prompt: Build.", "prompt: Build.\n    retry_policy: aggressive")
    assert only(lint(text.replace("aggressive", "aggressive\n    max_retries: 3")), "DIP104") == []
    routed = text.replace("Build -> Test", "Build -> Test\n    Build -> Recover  on fail")
    assert only(lint(routed), "DIP104") == []
    # `none` asks for no retry; a tool never retries (DC338 says so, where DIP104 said "when
    # the retries run out the run fails" on the same text)
    assert only(lint(text.replace("aggressive", "none")), "DIP104") == []
    tool = NO_ON_FAILURE.replace("timeout: 5m", "timeout: 5m\n    retry_policy: aggressive")
    assert [item.code for item in only(lint(tool), "DIP104", "DC338")] == ["DC338"]


def test_dip111_tool_without_timeout() -> None:
    text = BASE.replace("    timeout: 5m\n", "")
    assert only(lint(text), "DIP111") == [Finding("DIP111", "warning", (10, 8), (10, 12), "Test")]
    [item] = [d for d in run(text).diagnostics if d.code == "DIP111"]
    assert item.message == (
        "tool `Test` has no `timeout:`, so tracker kills its command after the default 30 s and "
        "fails the run; `make test` (a build) can easily take longer: set `timeout:` to the "
        "longest run you expect"
    )
    assert [note.message for note in item.related] == ["likely to run long"]
    zero = BASE.replace("timeout: 5m", "timeout: 0s")
    assert only(lint(zero), "DIP111") == [Finding("DIP111", "warning", (12, 14), (12, 16), "0s")]
    assert only(lint(BASE), "DIP111") == []


def test_dip111_severity_follows_what_the_command_runs() -> None:
    script = BASE.replace("    timeout: 5m\n", "").replace("make test", "./scripts/check.sh")
    assert only(lint(script), "DIP111") == [Finding("DIP111", "info", (10, 8), (10, 12), "Test")]
    [item] = [d for d in run(script).diagnostics if d.code == "DIP111"]
    assert item.message == (
        "tool `Test` has no `timeout:`, so tracker kills its command after the default 30 s and "
        "fails the run; if the command can take longer, set `timeout:`"
    )
    quick = BASE.replace("    timeout: 5m\n", "").replace("make test", "mkdir -p .ai && echo ok")
    assert only(lint(quick), "DIP111") == [Finding("DIP111", "hint", (10, 8), (10, 12), "Test")]
    loop = BASE.replace("    timeout: 5m\n", "").replace(
        "command: make test", "command:\n      until test -f done.txt; do sleep 5; done"
    )
    assert only(lint(loop), "DIP111") == [Finding("DIP111", "warning", (10, 8), (10, 12), "Test")]


def test_dip115_goal_gate_without_recovery() -> None:
    text = NO_ON_FAILURE.replace("prompt: Build.", "prompt: Build.\n    goal_gate: true")
    assert only(lint(text), "DIP115") == [
        Finding("DIP115", "warning", (8, 5), (8, 20), "goal_gate: true")
    ]


def test_dip115_twins_retry_target_and_on_failure() -> None:
    text = NO_ON_FAILURE.replace("prompt: Build.", "prompt: Build.\n    goal_gate: true")
    assert only(lint(text.replace("true", "true\n    retry_target: Build")), "DIP115") == []
    # tracker also sends an unmet gate to defaults.on_failure (dippin does not count it)
    gated = BASE.replace("prompt: Build.", "prompt: Build.\n    goal_gate: true")
    assert only(lint(gated), "DIP115") == []


def test_dip134_max_retries_in_a_workflow_with_loops() -> None:
    text = BASE.replace("on_failure: Recover", "on_failure: Recover\n    max_retries: 3").replace(
        "Test -> Done", "Test -> Done  when ctx.outcome = success\n    Test -> Build  loop"
    )
    assert only(lint(text), "DIP134") == [
        Finding("DIP134", "warning", (6, 5), (6, 19), "max_retries: 3")
    ]
    twin = text.replace("max_retries: 3", "max_retries: 3\n    max_restarts: 10")
    assert only(lint(twin), "DIP134") == []


MANAGER = template(
    """
    workflow M
      start: Supervise
      exit: Supervise
      manager_loop Supervise
        subgraph_ref: child.dip
        poll_interval: 30s
        max_cycles: 10
    """
)


def test_dip136_negative_limits() -> None:
    text = MANAGER.replace("30s", "-30s").replace("max_cycles: 10", "max_cycles: -1")
    assert only(lint(text), "DIP136") == [
        Finding("DIP136", "warning", (6, 20), (6, 24), "-30s"),
        Finding("DIP136", "warning", (7, 17), (7, 19), "-1"),
    ]
    assert only(lint(MANAGER), "DIP136") == []


def test_dip137_unbounded_manager_loop() -> None:
    text = MANAGER.replace("    max_cycles: 10\n", "")
    assert only(lint(text), "DIP137") == [
        Finding("DIP137", "warning", (4, 16), (4, 25), "Supervise")
    ]
    twin = text.replace(
        "poll_interval: 30s", "poll_interval: 30s\n    stop_condition: stack.child.status = done"
    )
    assert only(lint(twin), "DIP137") == []
    assert only(lint(MANAGER), "DIP137") == []


@pytest.mark.parametrize("cycles", ["--" + "9" * 50, "²", "+-3", "9" * 5000])
def test_dip137_max_cycles_that_is_no_integer_is_unbounded_not_a_crash(cycles: str) -> None:
    """Found by tools/fuzz.py (dip, seed 3030 #21642): `max_cycles: --999…` was a ValueError
    (DC000) in DIP137; like Go's strconv.Atoi, a value that is no 64-bit integer sets no
    bound."""
    text = MANAGER.replace("max_cycles: 10", f"max_cycles: {cycles}")
    findings = lint(text)
    assert [item for item in findings if item.code == "DC000"] == []
    assert only(findings, "DIP137") == [Finding("DIP137", "warning", (4, 16), (4, 25), "Supervise")]


def test_dip144_agent_without_failure_route() -> None:
    assert only(lint(NO_ON_FAILURE), "DIP144") == []  # off by default
    assert only(lint(NO_ON_FAILURE, config=WITH_DIP144), "DIP144") == [
        Finding("DIP144", "warning", (6, 9), (6, 14), "Build"),
        Finding("DIP144", "warning", (11, 9), (11, 16), "Recover"),
    ]
    [first, _] = [
        item for item in run(NO_ON_FAILURE, config=WITH_DIP144).diagnostics if item.code == "DIP144"
    ]
    assert first.message.endswith("if it fails, the run ends")


def test_dip144_twins_fail_edge_fallback_and_exemptions() -> None:
    routed = NO_ON_FAILURE.replace("Build -> Test", "Build -> Test\n    Build -> Recover  on fail")
    assert [item.text for item in only(lint(routed, config=WITH_DIP144), "DIP144")] == ["Recover"]
    fallback = NO_ON_FAILURE.replace("prompt: Build.", "prompt: Build.\n    fallback_target: Done")
    assert [item.text for item in only(lint(fallback, config=WITH_DIP144), "DIP144")] == ["Recover"]
    # the prompt-less start node is tracker's passthrough, which cannot fail
    assert "Start" not in [
        item.text for item in only(lint(NO_ON_FAILURE, config=WITH_DIP144), "DIP144")
    ]


def test_dip144_parallel_branches_are_exempt() -> None:
    text = template(
        """
        workflow P
          start: Fork
          exit: Join
          parallel Fork -> A, B
          agent A
            prompt: a
          agent B
            prompt: b
          fan_in Join <- A, B
        """
    )
    assert only(lint(text, config=WITH_DIP144), "DIP144") == []


def test_dip145_negative_budget() -> None:
    text = BASE.replace("on_failure: Recover", "on_failure: Recover\n    max_cost_cents: -100")
    assert only(lint(text), "DIP145") == [Finding("DIP145", "warning", (6, 21), (6, 25), "-100")]
    twin = text.replace("-100", "100")
    assert only(lint(twin), "DIP145") == []


# the zero-duration pattern before it was written one token at a time (same language)
NESTED_ZERO = re.compile(r"[+-]?(?:0+(?:\.0*)?(?:ns|us|µs|μs|ms|s|m|h)?)+")


def test_zero_duration_pattern_reads_what_the_nested_one_did() -> None:
    alphabet = ["0", ".", "+", "-", "n", "s", "u", "µ", "m", "h", "1"]
    for length in range(6):
        for letters in itertools.product(alphabet, repeat=length):
            text = "".join(letters)
            expected = NESTED_ZERO.fullmatch(text) is not None
            assert (dippin_budgets._ZERO_DURATION.fullmatch(text) is not None) == expected, text


def test_a_long_almost_zero_timeout_is_read_quickly() -> None:
    """Found by tools/fuzz.py: `timeout: 0.000…01` (300 zeros) never finished (the nested
    repeats backtracked exponentially); it is not zero, so no finding of this rule."""
    text = "0." + "0" * 300 + "1"
    started = time.perf_counter()
    assert dippin_budgets._ZERO_DURATION.fullmatch(text) is None
    assert time.perf_counter() - started < 1.0

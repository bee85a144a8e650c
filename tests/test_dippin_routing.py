"""dippin routing lints DIP101-DIP105, DIP149, DIP151-DIP153: each fires with an exact range,
and a passing twin that differs minimally produces no finding of that code."""

from __future__ import annotations

import helpers
from helpers import Finding, only, template

from dipcheck.config import Config
from dipcheck.rules.dippin_routing import enumerable_markers

# the style and parity checks among these are off by default (issue 18); they are tested as
# a migrating user selects them, with the `dippin` group
DIPPIN = Config(extend_select=("dippin",))


def lint(text: str, path: str = "<test>.dip", **options: object) -> list[Finding]:
    return helpers.lint(text, path, **{"config": DIPPIN, **options})


def run(text: str, path: str = "<test>.dip", **options: object) -> helpers.LintResult:
    return helpers.run(text, path, **{"config": DIPPIN, **options})


BASE = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Check
        prompt: Check the work.
      agent Ship
        prompt: Ship it.
      agent Fix
        prompt: Fix it.
      agent Done
        label: Done
      edges
        Start -> Check
        Check -> Ship when ctx.verdict = approved
        Check -> Fix when ctx.verdict contains changes
        Ship -> Done
        Fix -> Done
    """
)


def codes_of(text: str, *wanted: str) -> list[Finding]:
    return only(lint(text), *wanted)


# -- DIP101 / DIP102 -----------------------------------------------------------------------


def test_dip101_dip102_fire_on_a_router_that_may_match_nothing() -> None:
    findings = codes_of(BASE, "DIP101", "DIP102")
    assert findings == [
        Finding("DIP102", "warning", (6, 9), (6, 14), "Check"),
        Finding("DIP101", "warning", (8, 9), (8, 13), "Ship"),
        Finding("DIP101", "warning", (10, 9), (10, 12), "Fix"),
    ]
    messages = [item.message for item in run(BASE).diagnostics if item.code == "DIP102"]
    assert messages == [
        "node `Check` has only conditional edges and they do not cover every case: when none "
        "holds, tracker stops the run with `no matching edges`"
    ]


def test_dip101_dip102_twin_with_an_unconditional_fallback() -> None:
    text = BASE.replace("Check -> Fix when ctx.verdict contains changes", "Check -> Fix")
    assert codes_of(text, "DIP101", "DIP102") == []


def test_dip101_dip102_twin_with_both_outcomes() -> None:
    text = BASE.replace("ctx.verdict = approved", "ctx.outcome = success").replace(
        "ctx.verdict contains changes", "ctx.outcome = fail"
    )
    assert codes_of(text, "DIP101", "DIP102") == []


def test_dip101_dip102_twin_with_a_complete_partition() -> None:
    text = BASE.replace("ctx.verdict contains changes", "ctx.verdict = changes")
    assert codes_of(text, "DIP101", "DIP102") == []


def test_dip101_dip102_twin_with_a_complementary_pair() -> None:
    text = BASE.replace("ctx.verdict = approved", "ctx.verdict contains approved").replace(
        "ctx.verdict contains changes", "ctx.verdict not contains approved"
    )
    assert codes_of(text, "DIP101", "DIP102") == []
    inequality = BASE.replace("ctx.verdict contains changes", "ctx.verdict != approved")
    assert codes_of(inequality, "DIP101", "DIP102") == []


def test_dip101_dip102_twin_covered_by_else() -> None:
    assert codes_of(BASE + "    else -> Fix\n", "DIP101", "DIP102") == []


def test_dip101_dip102_twin_marker_grep_tool() -> None:
    text = BASE.replace(
        "  agent Check\n    prompt: Check the work.",
        "  tool Check\n    command: ./check\n    timeout: 1m\n    marker_grep: ^(ok|bad)$",
    )
    assert codes_of(text, "DIP101", "DIP102") == []


# -- DIP103 --------------------------------------------------------------------------------


def test_dip103_repeated_comparison_that_can_overlap() -> None:
    text = BASE.replace(
        "ctx.verdict contains changes", "ctx.verdict = approved and ctx.audit = yes"
    ).replace("    Ship -> Done\n", "    Check -> Done\n    Ship -> Done\n")
    assert codes_of(text, "DIP103") == [
        Finding("DIP103", "warning", (17, 23), (17, 45), "ctx.verdict = approved")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP103"]
    assert item.message.startswith(
        "edge Check -> Fix tests `ctx.verdict = approved` again: edge Check -> Ship tests it first"
    )
    assert item.related[0].span.text == "ctx.verdict = approved"


def test_dip103_twin_disjoint_conjunctions() -> None:
    text = BASE.replace(
        "ctx.verdict = approved", "ctx.verdict = approved and ctx.audit = yes"
    ).replace("ctx.verdict contains changes", "ctx.verdict = approved and ctx.audit = no")
    assert codes_of(text, "DIP103") == []


# -- DIP105 --------------------------------------------------------------------------------


def test_dip105_exit_only_through_a_back_edge() -> None:
    text = BASE.replace("    Ship -> Done\n", "    Ship -> Done  loop\n").replace(
        "    Fix -> Done\n", "    Fix -> Done  restart: true\n"
    )
    assert codes_of(text, "DIP105") == [Finding("DIP105", "warning", (3, 9), (3, 13), "Done")]


def test_dip105_twin_one_forward_path() -> None:
    text = BASE.replace("    Ship -> Done\n", "    Ship -> Done  loop\n")
    assert codes_of(text, "DIP105") == []


def test_dip105_leaves_an_unreachable_exit_to_dip004() -> None:
    text = BASE.replace("    Ship -> Done\n", "").replace("    Fix -> Done\n", "")
    assert codes_of(text, "DIP105") == []
    assert [item.code for item in codes_of(text, "DIP004")] == ["DIP004"]


# -- DIP149 --------------------------------------------------------------------------------


def test_dip149_two_unconditional_edges() -> None:
    text = BASE.replace("Check -> Fix when ctx.verdict contains changes", "Check -> Fix").replace(
        "Check -> Ship when ctx.verdict = approved", "Check -> Ship"
    )
    assert codes_of(text, "DIP149") == [
        Finding("DIP149", "warning", (17, 5), (17, 17), "Check -> Fix")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP149"]
    assert "tracker takes `Fix`" in item.message


def test_dip149_twin_one_conditional() -> None:
    text = BASE.replace("Check -> Fix when ctx.verdict contains changes", "Check -> Fix")
    assert codes_of(text, "DIP149") == []


def test_dip149_human_gates_are_exempt() -> None:
    text = BASE.replace(
        "  agent Check\n    prompt: Check the work.", "  human Check\n    label: Check?"
    ).replace("Check -> Fix when ctx.verdict contains changes", "Check -> Fix  label: fix")
    text = text.replace("Check -> Ship when ctx.verdict = approved", "Check -> Ship  label: ship")
    assert codes_of(text, "DIP149") == []


# -- DIP151 --------------------------------------------------------------------------------


def test_dip151_weight_on_a_conditional_edge_with_a_safe_fix() -> None:
    text = BASE.replace("ctx.verdict = approved", "ctx.verdict = approved  weight: 2")
    assert codes_of(text, "DIP151") == [Finding("DIP151", "hint", (16, 48), (16, 57), "weight: 2")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP151"]
    assert item.fix is not None and item.fix.safe
    [edit] = item.fix.edits
    assert (edit.span.text, edit.text) == ("  weight: 2", "")


def test_dip151_twin_weight_that_breaks_a_tie() -> None:
    text = BASE.replace(
        "Check -> Fix when ctx.verdict contains changes", "Check -> Fix  weight: 2"
    ).replace("Check -> Ship when ctx.verdict = approved", "Check -> Ship")
    assert codes_of(text, "DIP151") == []


# -- DIP152 --------------------------------------------------------------------------------

MARKER = template(
    """
    workflow M
      start: Probe
      exit: Done
      tool Probe
        command: ./probe
        timeout: 1m
        marker_grep: ^(ready|missing|broken)$
      agent Done
        label: Done
      edges
        Probe -> Done  on ready
        Probe -> Done  on missing
    """
)


def test_dip152_unrouted_marker() -> None:
    assert codes_of(MARKER, "DIP152") == [
        Finding("DIP152", "warning", (7, 18), (7, 42), "^(ready|missing|broken)$")
    ]
    [item] = [item for item in run(MARKER).diagnostics if item.code == "DIP152"]
    assert "`broken`" in item.message


def test_dip152_twin_every_marker_routed() -> None:
    assert codes_of(MARKER + "    Probe -> Done  on broken\n", "DIP152") == []


def test_dip152_twin_fallback_edge() -> None:
    assert codes_of(MARKER + "    Probe -> Done\n", "DIP152") == []


def test_enumerable_markers() -> None:
    assert enumerable_markers("^(a|b)$") == ["a", "b"]
    assert enumerable_markers("done") == ["done"]
    assert enumerable_markers("^workspace-(ready|missing)$") is None
    assert enumerable_markers("(a|b.*)") is None


# -- DIP153 --------------------------------------------------------------------------------

FORK = template(
    """
    workflow F
      start: Fork
      exit: Join
      parallel Fork -> A, B
      agent A
        prompt: a
      agent B
        prompt: b
      fan_in Join <- A, B
      edges
        Fork -> A
        A -> Join  label: done
    """
)


def test_dip153_redundant_fork_edge_with_a_safe_fix() -> None:
    assert codes_of(FORK, "DIP153") == [Finding("DIP153", "hint", (11, 5), (11, 14), "Fork -> A")]
    [item] = [item for item in run(FORK).diagnostics if item.code == "DIP153"]
    assert item.fix is not None and item.fix.safe
    assert [(edit.span.text, edit.text) for edit in item.fix.edits] == [("    Fork -> A\n", "")]


def test_dip153_twin_edge_with_an_attribute_is_routing() -> None:
    assert codes_of(FORK.replace("Fork -> A\n", "Fork -> A  label: a\n"), "DIP153") == []

"""Structural rules DIP001-DIP010 and DC010: each fires with an exact range, and a passing
twin that differs minimally produces no finding of that code."""

from __future__ import annotations

import pytest
from helpers import Finding, as_finding, lint, only, position, run, template

# A small clean workflow; the tests below change one thing at a time.
CLEAN = template(
    """
    workflow W
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Work
        prompt: Do the work.
      agent Done
        label: Done
      edges
        Start -> Work
        Work -> Done
    """
)


def test_clean_base_has_no_findings() -> None:
    assert lint(CLEAN) == []


# -- DIP001 / DIP002 -----------------------------------------------------------------------


def test_dip001_start_names_an_undeclared_node() -> None:
    text = CLEAN.replace("start: Start", "start: Strat")
    findings = only(lint(text), "DIP001")
    assert findings == [Finding("DIP001", "error", (2, 10), (2, 15), "Strat")]
    diagnostic = run(text).diagnostics[0]
    assert "did you mean `Start`?" in diagnostic.message
    assert diagnostic.fix is not None
    assert [(edit.span.text, edit.text) for edit in diagnostic.fix.edits] == [("Strat", "Start")]


def test_dip001_missing_start_points_at_the_workflow_declaration() -> None:
    text = CLEAN.replace("  start: Start\n", "")
    assert only(lint(text), "DIP001") == [Finding("DIP001", "error", (1, 1), (1, 11), "workflow W")]


def test_dip001_empty_start_points_at_the_key() -> None:
    text = CLEAN.replace("start: Start", "start:")
    assert only(lint(text), "DIP001") == [Finding("DIP001", "error", (2, 3), (2, 8), "start")]


def test_dip002_exit_names_an_undeclared_node() -> None:
    text = CLEAN.replace("exit: Done", "exit: Dne")
    assert only(lint(text), "DIP002") == [Finding("DIP002", "error", (3, 9), (3, 12), "Dne")]


def test_dip002_missing_exit() -> None:
    text = CLEAN.replace("  exit: Done\n", "")
    assert only(lint(text), "DIP002") == [Finding("DIP002", "error", (1, 1), (1, 11), "workflow W")]


def test_dip001_dip002_passing_twin_with_header_in_any_order() -> None:
    text = CLEAN.replace("  start: Start\n  exit: Done\n", "  exit: Done\n  start: Start\n")
    assert lint(text) == []


# -- DIP003 --------------------------------------------------------------------------------


def test_dip003_unknown_edge_target_with_suggestion() -> None:
    text = CLEAN.replace("Work -> Done", "Work -> Dne")
    findings = lint(text)
    assert only(findings, "DIP003") == [Finding("DIP003", "error", (12, 13), (12, 16), "Dne")]
    message = next(item.message for item in run(text).diagnostics if item.code == "DIP003")
    assert message == "edge target `Dne` is not a declared node (did you mean `Done`?)"


def test_dip003_unknown_edge_source() -> None:
    text = CLEAN.replace("Work -> Done", "Wrok -> Done")
    assert only(lint(text), "DIP003") == [Finding("DIP003", "error", (12, 5), (12, 9), "Wrok")]


def test_dip003_unknown_else_and_on_failure_targets() -> None:
    text = CLEAN.replace("  edges\n", "  defaults\n    on_failure: Escalate\n  edges\n")
    text += "    else -> Fallback\n"
    assert only(lint(text), "DIP003") == [
        Finding("DIP003", "error", (11, 17), (11, 25), "Escalate"),
        Finding("DIP003", "error", (15, 13), (15, 21), "Fallback"),
    ]


def test_dip003_passing_twin_declared_targets() -> None:
    text = CLEAN.replace("  edges\n", "  defaults\n    on_failure: Done\n  edges\n")
    text += "    else -> Done\n"
    assert only(lint(text), "DIP003") == []


# -- DC010 ---------------------------------------------------------------------------------


FORK = template(
    """
    workflow W
      start: Start
      exit: Done
      defaults
        restart_target: Start
      agent Start
        label: Start
        retry_target: Start
        fallback_target: Done
      parallel Fork -> Lint, Test
      tool Lint
        command: make lint
      tool Test
        command: make test
      fan_in Join <- Lint, Test
      agent Done
        label: Done
      edges
        Start -> Fork
        Join -> Done
    """
)


def test_dc010_passing_twin() -> None:
    assert only(lint(FORK), "DC010") == []


def test_dc010_fork_and_join_members() -> None:
    text = FORK.replace("Lint, Test\n  tool", "Lint, Tset\n  tool").replace(
        "Join <- Lint, Test", "Join <- Lint, Tset"
    )
    findings = only(lint(text), "DC010")
    assert findings == [
        Finding("DC010", "error", (10, 26), (10, 30), "Tset"),
        Finding("DC010", "error", (15, 24), (15, 28), "Tset"),
    ]


def test_dc010_node_fields_and_restart_target() -> None:
    text = (
        FORK.replace("restart_target: Start", "restart_target: Strt")
        .replace("retry_target: Start", "retry_target: Nowhere")
        .replace("fallback_target: Done", "fallback_target: Dne")
    )
    assert only(lint(text), "DC010") == [
        Finding("DC010", "error", (5, 21), (5, 25), "Strt"),
        Finding("DC010", "error", (8, 19), (8, 26), "Nowhere"),
        Finding("DC010", "error", (9, 22), (9, 25), "Dne"),
    ]
    messages = [item.message for item in run(text).diagnostics if item.code == "DC010"]
    assert messages[0] == "`restart_target` `Strt` is not a declared node (did you mean `Start`?)"


def test_dc010_branch_target_of_block_form_parallel() -> None:
    text = template(
        """
        workflow W
          start: Start
          exit: Done
          agent Start
            label: Start
          parallel Fork
            branch: Lint
              model: claude-haiku-4-5
            branch: Tset
          tool Lint
            command: make lint
          tool Test
            command: make test
          fan_in Join <- Lint, Test
          agent Done
            label: Done
          edges
            Start -> Fork
            Join -> Done
        """
    )
    assert only(lint(text), "DC010") == [Finding("DC010", "error", (9, 13), (9, 17), "Tset")]
    assert only(lint(text.replace("branch: Tset", "branch: Test")), "DC010", "DIP007") == []


# -- DIP004 --------------------------------------------------------------------------------


def test_dip004_unreachable_node_points_at_its_id() -> None:
    text = CLEAN.replace("  edges\n", "  agent Orphan\n    prompt: never\n  edges\n")
    assert only(lint(text), "DIP004") == [Finding("DIP004", "error", (10, 9), (10, 15), "Orphan")]


@pytest.mark.parametrize(
    "route",
    [
        "    Work -> Orphan when ctx.outcome = fail\n",  # conditional edges count
        "    else -> Orphan\n",  # the else target is a seed
    ],
)
def test_dip004_passing_twins(route: str) -> None:
    text = CLEAN.replace("  edges\n", "  agent Orphan\n    prompt: never\n  edges\n")
    assert only(lint(text + route), "DIP004") == []


def test_dip004_on_failure_target_is_reachable() -> None:
    orphan = CLEAN.replace("  edges\n", "  agent Orphan\n    prompt: x\n  edges\n")
    assert only(lint(orphan), "DIP004") != []
    text = orphan.replace(
        "  agent Orphan\n", "  defaults\n    on_failure: Orphan\n  agent Orphan\n"
    )
    assert only(lint(text), "DIP004") == []


def test_dip004_a_misspelled_target_is_one_finding_with_the_nodes_behind_it() -> None:
    text = CLEAN.replace(
        "  edges\n",
        "  agent Review\n    prompt: r\n  agent Publish\n    prompt: p\n"
        "  agent Orphan\n    prompt: o\n"
        "  edges\n    Work -> Reveiw\n    Review -> Publish\n    Publish -> Review  loop\n",
    )
    result = run(text).diagnostics
    [unreachable, orphan_finding] = [item for item in result if item.code == "DIP004"]
    assert as_finding(unreachable) == Finding("DIP004", "error", (10, 9), (10, 15), "Review")
    assert unreachable.message == (
        "node `Review` is not reachable from the start node `Start`, and the node after it "
        "cannot run either: `Publish`"
    )
    assert [
        (position(item.span), item.span.text, item.message) for item in unreachable.related
    ] == [
        (((17, 13), (17, 19)), "Reveiw", "`Reveiw` here may be meant as `Review`"),
        (((12, 9), (12, 16)), "Publish", "unreachable too: it comes after `Review`"),
    ]
    # the orphan that nothing leads to is its own finding
    assert as_finding(orphan_finding) == Finding("DIP004", "error", (14, 9), (14, 15), "Orphan")
    assert orphan_finding.related == ()
    # the twin: with the target spelled right only the orphan is left
    fixed = text.replace("    Work -> Reveiw\n", "    Work -> Review\n")
    [alone] = [item for item in run(fixed).diagnostics if item.code == "DIP004"]
    assert as_finding(alone) == as_finding(orphan_finding)


def test_dip004_is_skipped_when_start_is_invalid() -> None:
    text = CLEAN.replace("start: Start", "start: Nope")
    assert only(lint(text), "DIP004") == []


# -- DIP005 --------------------------------------------------------------------------------


def test_dip005_conditional_cycle_without_loop() -> None:
    text = CLEAN + "    Work -> Start when ctx.outcome = fail\n"
    findings = only(lint(text), "DIP005")
    assert findings == [
        Finding("DIP005", "error", (13, 5), (13, 42), "Work -> Start when ctx.outcome = fail")
    ]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DIP005")
    assert "Start → Work → Start" in diagnostic.message
    assert [(item.message, item.span.text) for item in diagnostic.related] == [
        ("part of the cycle", "Start -> Work")
    ]
    assert diagnostic.fix is not None and diagnostic.fix.edits[0].text == "  loop"


def test_dip005_no_loop_fix_on_the_exit_self_edge() -> None:
    # an edge out of the exit is DIP006; marking it `loop` would not make it valid
    text = CLEAN + "    Done -> Done\n"
    [item] = [item for item in run(text).diagnostics if item.code == "DIP005"]
    assert (item.span.text, item.fix) == ("Done -> Done", None)
    assert [d.code for d in run(text).diagnostics if d.code == "DIP006"] == ["DIP006"]


@pytest.mark.parametrize("marker", ["loop", "restart: true"])
def test_dip005_passing_twin_back_edge(marker: str) -> None:
    text = CLEAN + f"    Work -> Start when ctx.outcome = fail  {marker}\n"
    assert only(lint(text), "DIP005") == []


# -- DIP006 --------------------------------------------------------------------------------


def test_dip006_edge_out_of_exit() -> None:
    text = CLEAN + "    Done -> Work  loop\n"
    assert only(lint(text), "DIP006") == [
        Finding("DIP006", "error", (13, 5), (13, 23), "Done -> Work  loop")
    ]


def test_dip006_passing_twin() -> None:
    text = CLEAN + "    Work -> Work  loop\n"
    assert only(lint(text), "DIP006") == []


# -- DIP007 --------------------------------------------------------------------------------


def test_dip007_subset_is_not_a_match() -> None:
    text = FORK.replace("Join <- Lint, Test", "Join <- Lint")
    assert only(lint(text), "DIP007") == [
        Finding("DIP007", "error", (10, 12), (10, 16), "Fork"),
        Finding("DIP007", "error", (15, 10), (15, 14), "Join"),
    ]


def test_dip007_passing_twin_order_does_not_matter() -> None:
    text = FORK.replace("Join <- Lint, Test", "Join <- Test, Lint")
    assert only(lint(text), "DIP007") == []


# -- DIP008 --------------------------------------------------------------------------------


def test_dip008_duplicate_node_id() -> None:
    text = CLEAN.replace("  edges\n", "  agent Work\n    prompt: Again.\n  edges\n")
    assert only(lint(text), "DIP008") == [Finding("DIP008", "error", (10, 9), (10, 13), "Work")]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DIP008")
    assert [(item.message, item.span.text) for item in diagnostic.related] == [
        ("first declared here", "Work")
    ]
    assert diagnostic.related[0].span.start_position() == (5, 8)


def test_dip008_passing_twin() -> None:
    text = CLEAN.replace("  edges\n", "  agent Work2\n    prompt: Again.\n  edges\n")
    assert only(lint(text), "DIP008") == []


# -- DIP009 --------------------------------------------------------------------------------


def test_dip009_duplicate_edge_ignores_spacing_and_labels() -> None:
    text = CLEAN.replace(
        "Work -> Done\n",
        "Work -> Done when ctx.outcome = success\n"
        '    Work -> Done  when ctx.outcome  =  success  label: "again"\n',
    )
    assert only(lint(text), "DIP009") == [
        Finding(
            "DIP009",
            "error",
            (13, 5),
            (13, 63),
            'Work -> Done  when ctx.outcome  =  success  label: "again"',
        )
    ]


def test_dip009_passing_twin_different_condition() -> None:
    text = CLEAN.replace(
        "Work -> Done\n",
        "Work -> Done when ctx.outcome = success\n    Work -> Done when ctx.outcome = partial\n",
    )
    assert only(lint(text), "DIP009") == []


# -- DIP010 --------------------------------------------------------------------------------


def _condition(condition: str) -> str:
    return CLEAN.replace("Work -> Done", f"Work -> Done when {condition}")


@pytest.mark.parametrize(
    ("condition", "start", "flagged", "message"),
    [
        (
            "(ctx.a = 1 or ctx.b = 2) and ctx.c = 3",
            0,
            "(ctx.a = 1 or ctx.b = 2)",
            "parentheses are not part of the condition grammar",
        ),
        ("ctx.tier in gold,silver", 12, "gold,silver", 'quote it: `"gold,silver"`'),
        ("ctx.count > 3", 10, ">", "operator `>` is rejected"),
        ("ctx.branch matches ^feat", 11, "matches", "operator `matches` is rejected"),
        ("ctx.a = 1 && ctx.b = 2", 10, "&&", "write `and`"),
        ("ctx.a = 1 || ctx.b = 2", 10, "||", "write `or`"),
        ("ctx.x = a:b", 8, "a:b", "`a:b` contains `:`"),
        ("ctx.x = = 1", 8, "=", "unexpected `=`"),
        ("ctx.x", 0, "ctx.x", "condition ends too early: expected `not` or an operator"),
        ("ctx.x = 1 and", 10, "and", "condition ends too early"),
    ],
)
def test_dip010_invalid_condition(condition: str, start: int, flagged: str, message: str) -> None:
    text = _condition(condition)
    column = len("    Work -> Done when ") + 1 + start
    assert only(lint(text), "DIP010") == [
        Finding("DIP010", "error", (12, column), (12, column + len(flagged)), flagged)
    ]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DIP010")
    assert diagnostic.message.startswith(f'edge Work -> Done: invalid condition "{condition}": ')
    assert message in diagnostic.message


@pytest.mark.parametrize(
    "condition",
    [
        "ctx.a = 1 or ctx.b = 2 and ctx.c = 3",
        'ctx.tier in "gold,silver"',
        "ctx.count = 3",
        "ctx.branch startswith feat",
        "ctx.a = 1 and ctx.b = 2",
        "ctx.a = 1 or ctx.b = 2",
        'ctx.x = "a:b"',
        "not ctx.x = 1",
        "ctx.x not contains y",
        'ctx.x = "loop"',
    ],
)
def test_dip010_passing_twins(condition: str) -> None:
    assert only(lint(_condition(condition)), "DIP010") == []


def test_dip010_bare_loop_as_a_value_is_read_as_the_back_edge_flag() -> None:
    text = _condition("ctx.x = loop")
    assert only(lint(text), "DIP010") == [Finding("DIP010", "error", (12, 29), (12, 30), "=")]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DIP010")
    assert diagnostic.message == (
        'edge Work -> Done: invalid condition "ctx.x =": condition ends too early: expected a '
        "name or value or a quoted value; the bare `loop` after it is read as the back-edge "
        'flag: quote a value `"loop"`'
    )


def test_dip010_reports_every_problem_of_one_condition_as_related() -> None:
    text = _condition("(ctx.a = 1) and ctx.b > 2")
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DIP010")
    assert diagnostic.span.text == "(ctx.a = 1)"
    assert [item.span.text for item in diagnostic.related] == [">"]


def test_dip010_unterminated_quote_is_a_syntax_error_not_dip010() -> None:
    findings = lint(_condition('ctx.x = "open'))
    assert only(findings, "DIP010") == []
    assert only(findings, "DC001") == [Finding("DC001", "error", (12, 31), (12, 36), '"open')]


def test_dip010_every_bad_edge_is_reported() -> None:
    text = CLEAN.replace(
        "Work -> Done\n",
        "Work -> Done when ctx.n > 1\n    Work -> Start when (ctx.x = 1)  loop\n",
    )
    assert [item.text for item in only(lint(text), "DIP010")] == [">", "(ctx.x = 1)"]


@pytest.mark.parametrize(
    ("opening", "closing"), [("(", ")"), ("not ", "")], ids=["parentheses", "not"]
)
def test_dip010_condition_nested_thousands_deep_is_refused_not_a_crash(
    opening: str, closing: str
) -> None:
    """Hostile input: 3,000 nested groups or negations were a RecursionError (DC000) in the
    front-end; now the first token past 100 levels is DIP010, quoted shortly."""
    condition = opening * 3000 + "ctx.outcome = success" + closing * 3000
    text = _condition(condition)
    column = len("    Work -> Done when ") + 1 + len(opening) * 100
    assert [item for item in lint(text) if item.code in ("DC000", "DIP010")] == [
        Finding(
            "DIP010", "error", (12, column), (12, column + len(opening.strip())), opening.strip()
        )
    ]
    diagnostic = next(item for item in run(text).diagnostics if item.code == "DIP010")
    assert diagnostic.message == (
        f'edge Work -> Done: invalid condition "{condition[:119]}…": parentheses and `not` '
        "nest deeper than 100 levels here; dipcheck does not read the condition further"
    )


def test_dip010_twin_a_condition_nested_100_deep_is_read() -> None:
    condition = "not " * 100 + "ctx.outcome = success"
    assert only(lint(_condition(condition)), "DIP010") == []

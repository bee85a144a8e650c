"""DC301-DC309: each finding with its exact range and message substance, and a passing twin
that differs minimally. Runtime facts are tracker-runtime.md §5 (and §0.2 for `else`)."""

from __future__ import annotations

from helpers import Finding, as_finding, lint, only, position, run, template

from dipcheck.config import Config
from dipcheck.target import parse_target


def messages(text: str, code: str, **options: object) -> list[str]:
    return [item.message for item in run(text, **options).diagnostics if item.code == code]


def diagnostics(text: str, code: str, **options: object):
    return [item for item in run(text, **options).diagnostics if item.code == code]


# -- DC301 ----------------------------------------------------------------------------------

PICK = template(
    """
    workflow Pick
      start: Start
      exit: Done
      agent Start
        label: Start
      tool Pick
        timeout: 1m
        command: ./pick.sh
      agent Work
        prompt: Work the task.
      agent Done
        label: Done
      edges
        Start -> Pick
        Pick -> Work  when ctx.tool_stdout != all_complete and ctx.tool_stdout != no_tasks_found
        Pick -> Done  when ctx.tool_stdout = all_complete
        Pick -> Done  when ctx.tool_stdout = no_tasks_found
        Work -> Pick  loop
    """
)


def test_dc301_and_is_one_clause_through_v064() -> None:
    assert only(lint(PICK), "DC301") == [Finding("DC301", "warning", (15, 56), (15, 59), "and")]
    [item] = diagnostics(PICK, "DC301")
    assert item.message == (
        "tracker ≤ v0.64 does not split conditions on `and` (tracker#647): it reads the "
        "condition as one comparison, key `ctx.tool_stdout` != "
        '"all_complete and ctx.tool_stdout != no_tasks_found", which is practically always true, '
        "so `Pick -> Work` is taken whenever it is tried and the edges declared after it "
        "(`Pick -> Done`) never are"
    )
    assert item.fix is None  # .dip: dippin rejects && (DIP010); the help explains instead
    assert item.help is not None and "first edge" in item.help


def test_dc301_is_an_info_when_earlier_edges_catch_every_difference() -> None:
    # tracker's dotpowers: `!= a and != b` declared after `= a` and `= b` is taken exactly
    # when dippin's reading would take it; the misreading never changes the route
    text = PICK.replace(
        "    Pick -> Work  when ctx.tool_stdout != all_complete and ctx.tool_stdout != "
        "no_tasks_found\n",
        "",
    ).replace(
        "    Work -> Pick  loop\n",
        "    Pick -> Work  when ctx.tool_stdout != all_complete and ctx.tool_stdout != "
        "no_tasks_found\n    Work -> Pick  loop\n",
    )
    assert only(lint(text), "DC301") == [Finding("DC301", "info", (17, 56), (17, 59), "and")]
    [item] = diagnostics(text, "DC301")
    assert item.message.endswith(
        "; here that does no harm: the edges declared before it (`Pick -> Done`) take every "
        "value on which the two readings differ, but moving this edge above them would change "
        "the route"
    )
    # one value gets through: only `all_complete` is caught first
    leaky = text.replace("    Pick -> Done  when ctx.tool_stdout = no_tasks_found\n", "")
    assert only(lint(leaky), "DC301") == [Finding("DC301", "warning", (16, 56), (16, 59), "and")]


def test_dc301_twin_single_clauses_in_first_match_order() -> None:
    text = PICK.replace(
        "    Pick -> Work  when ctx.tool_stdout != all_complete and "
        "ctx.tool_stdout != no_tasks_found\n",
        "",
    ).replace(
        "    Work -> Pick",
        "    Pick -> Work\n    Work -> Pick",
    )
    assert only(lint(text), "DC301", "DIP010") == []


def test_dc301_target_version_switch() -> None:
    newer = Config(target=parse_target("0.65"))
    assert only(lint(PICK, config=newer), "DC301") == []
    older = Config(target=parse_target("0.64"))
    assert [item.code for item in only(lint(PICK, config=older), "DC301")] == ["DC301"]


def test_dc301_infix_not_before_equals() -> None:
    text = PICK.replace(
        "ctx.tool_stdout != all_complete and ctx.tool_stdout != no_tasks_found",
        "ctx.tool_stdout not = all_complete",
    )
    assert only(lint(text), "DC301") == [Finding("DC301", "warning", (15, 40), (15, 43), "not")]
    [message] = messages(text, "DC301")
    assert message.startswith(
        "tracker ≤ v0.64 does not split conditions on `not =` (tracker#647): it reads the "
        'condition as one comparison, key `ctx.tool_stdout not` = "all_complete", which is '
        "practically never true, so `Pick -> Work` never fires"
    )


def test_dc301_twin_leading_not_and_not_contains_are_understood() -> None:
    for condition in ("not ctx.tool_stdout = all_complete", "ctx.tool_stdout not contains done"):
        text = PICK.replace(
            "ctx.tool_stdout != all_complete and ctx.tool_stdout != no_tasks_found", condition
        )
        assert only(lint(text), "DC301") == [], condition


def test_dc301_or_that_never_matches() -> None:
    text = PICK.replace(
        "ctx.tool_stdout != all_complete and ctx.tool_stdout != no_tasks_found",
        "ctx.tool_stdout = next or ctx.tool_stdout = retry_me",
    )
    assert only(lint(text), "DC301") == [Finding("DC301", "warning", (15, 47), (15, 49), "or")]
    assert messages(text, "DC301")[0].endswith(
        'one comparison, key `ctx.tool_stdout` = "next or ctx.tool_stdout = retry_me", which is '
        "practically never true, so `Pick -> Work` never fires"
    )


DOT_AND = template(
    """
    digraph P {
      start [shape=Mdiamond]
      check [shape=parallelogram, tool_command="./check.sh", timeout="1m"]
      work [shape=box, prompt="Work."]
      done [shape=Msquare]
      start -> check
      check -> work [condition="ctx.tool_stdout != a and ctx.tool_stdout != b"]
      check -> done
      work -> done
    }
    """
)


def test_dc301_in_dot_with_a_fix_to_the_separators_tracker_splits_on() -> None:
    assert only(lint(DOT_AND, "p.dot"), "DC301") == [
        Finding("DC301", "warning", (7, 50), (7, 53), "and")
    ]
    [item] = diagnostics(DOT_AND, "DC301", path="p.dot")
    assert item.fix is not None and not item.fix.safe
    assert [(edit.span.text, edit.text) for edit in item.fix.edits] == [("and", "&&")]


def test_dc301_in_dot_parentheses_are_not_grouping() -> None:
    text = DOT_AND.replace(
        "ctx.tool_stdout != a and ctx.tool_stdout != b", "(ctx.tool_stdout != a)"
    )
    assert only(lint(text, "p.dot"), "DC301") == [
        Finding("DC301", "warning", (7, 29), (7, 30), "(")
    ]
    [item] = diagnostics(text, "DC301", path="p.dot")
    assert item.fix is None


def test_dc301_twin_dot_with_ampersands() -> None:
    text = DOT_AND.replace(" and ", " && ")
    assert only(lint(text, "p.dot"), "DC301") == []


# -- DC302 ----------------------------------------------------------------------------------

RETRY = template(
    """
    workflow Retry
      start: Start
      exit: Exit
      agent Start
        label: Start
      agent ReviewConsensus
        prompt: Decide.
        max_retries: 2
      agent Postmortem
        prompt: What went wrong?
      agent Exit
        label: Exit
      edges
        Start -> ReviewConsensus
        ReviewConsensus -> Exit  on success
        ReviewConsensus -> Postmortem  on retry  label: retry
        Postmortem -> Exit
    """
)


def test_dc302_retry_edge_never_fires() -> None:
    assert only(lint(RETRY), "DC302") == [
        Finding("DC302", "warning", (16, 36), (16, 44), "on retry")
    ]
    assert messages(RETRY, "DC302") == [
        "edge `ReviewConsensus -> Postmortem` waits for outcome `retry`, which never reaches "
        "edge selection: the runtime retries `ReviewConsensus` itself and, once its retries "
        "are exhausted, goes to `fallback_retry_target` or fails the run; `Postmortem` has no "
        "other way in, so it never runs"
    ]


def test_dc302_when_form_and_a_target_with_another_way_in() -> None:
    text = RETRY.replace("on retry  label: retry", "when ctx.outcome = retry").replace(
        "    ReviewConsensus -> Exit  on success\n",
        "    ReviewConsensus -> Exit  on success\n    ReviewConsensus -> Postmortem  on fail\n",
    )
    assert only(lint(text), "DC302") == [
        Finding("DC302", "warning", (17, 41), (17, 60), "ctx.outcome = retry")
    ]
    assert "no other way in" not in messages(text, "DC302")[0]


def test_dc302_twin_routes_failures() -> None:
    text = RETRY.replace("on retry  label: retry", "on fail")
    assert only(lint(text), "DC302") == []


# -- DC303 ----------------------------------------------------------------------------------

GATE = template(
    """
    workflow Gate
      start: Start
      exit: Done
      agent Start
        label: Start
      human HumanApproval
        label: "Human Approval"
      agent CreatePR
        prompt: Open the PR.
      agent Fix
        prompt: Fix it.
      agent Done
        label: Done
      edges
        Start -> HumanApproval
        HumanApproval -> CreatePR  when ctx.outcome = success  label: "approved"
        HumanApproval -> Fix  when ctx.outcome = fail  label: "changes requested"
        CreatePR -> Done
        Fix -> HumanApproval  loop
    """
)


def test_dc303_choice_gate_routed_on_outcome() -> None:
    assert only(lint(GATE), "DC303") == [
        Finding("DC303", "warning", (16, 37), (16, 58), "ctx.outcome = success"),
        Finding("DC303", "warning", (17, 32), (17, 50), "ctx.outcome = fail"),
    ]
    first, second = diagnostics(GATE, "DC303")
    assert first.message == (
        "the condition on `HumanApproval -> CreatePR` is always true: a human gate in choice "
        "mode always reports success (the answer is the label), and conditions are checked "
        "before the human's label, so the choices `changes requested` are ignored"
    )
    assert second.message == (
        "the condition on `HumanApproval -> Fix` is never true: a human gate in choice mode "
        "always reports success (the answer is the label)"
    )
    # the fix removes the condition and keeps the label routing
    assert first.fix is not None and not first.fix.safe
    [edit] = first.fix.edits
    assert (edit.span.text, edit.text) == ("  when ctx.outcome = success", "")


def test_dc303_twin_label_routing_or_yes_no() -> None:
    labels = GATE.replace("  when ctx.outcome = success", "").replace(
        "  when ctx.outcome = fail", ""
    )
    assert only(lint(labels), "DC303") == []
    yes_no = GATE.replace(
        '    label: "Human Approval"\n', '    label: "Human Approval"\n    mode: yes_no\n'
    )
    assert only(lint(yes_no), "DC303") == []


def test_dc303_conditional_node() -> None:
    text = GATE.replace("  human HumanApproval\n", "  conditional HumanApproval\n")
    assert [item.text for item in only(lint(text), "DC303")] == [
        "ctx.outcome = success",
        "ctx.outcome = fail",
    ]
    assert messages(text, "DC303")[1].endswith("a conditional node always reports success")


def test_dc303_pass_through_start_node() -> None:
    # reference §5.3, other handler outcomes: start/exit: `success` (it was not reported)
    text = GATE.replace(
        "    Start -> HumanApproval\n",
        "    Start -> HumanApproval\n    Start -> Fix  when ctx.outcome = fail\n",
    )

    def from_start(workflow: str) -> list[Finding]:
        return [item for item in only(lint(workflow), "DC303") if item.start[0] == 16]

    assert from_start(text) == [
        Finding("DC303", "warning", (16, 24), (16, 42), "ctx.outcome = fail")
    ]
    assert messages(text, "DC303")[0] == (
        "the condition on `Start -> Fix` is never true: a pass-through start node always "
        "reports success"
    )
    # the twin: a start node that runs a prompt is an agent, which can fail
    agent = text.replace("  agent Start\n    label: Start\n", "  agent Start\n    prompt: Go.\n")
    assert from_start(agent) == []


# -- DC304 ----------------------------------------------------------------------------------

LOOP = template(
    """
    workflow Loop
      start: Start
      exit: Exit
      agent Start
        label: Start
      agent Plan
        prompt: Plan.
      agent Postmortem
        prompt: Why?
      agent Exit
        label: Exit
      edges
        Start -> Plan
        Plan -> Postmortem
        Postmortem -> Plan  when ctx.internal.loop_restart_count = 0  loop
        Postmortem -> Exit  when ctx.internal.loop_restart_count != 0
    """
)


def test_dc304_internal_key_never_written() -> None:
    assert only(lint(LOOP), "DC304") == [
        Finding("DC304", "warning", (15, 30), (15, 61), "ctx.internal.loop_restart_count"),
        Finding("DC304", "warning", (16, 30), (16, 61), "ctx.internal.loop_restart_count"),
    ]
    assert messages(LOOP, "DC304")[0] == (
        "`ctx.internal.loop_restart_count` is always empty: the engine never writes "
        "`internal.*` keys a workflow can read (only its tests set "
        "`internal.loop_restart_count`)"
    )


def test_dc304_params_operand_never_resolves() -> None:
    text = LOOP.replace("  start: Start\n", "  start: Start\n  vars\n    mode: fast\n").replace(
        "ctx.internal.loop_restart_count = 0", "params.mode = fast"
    )
    findings = only(lint(text), "DC304")
    assert findings[0] == Finding("DC304", "warning", (17, 30), (17, 41), "params.mode")
    [item, _] = diagnostics(text, "DC304")
    assert item.fix is not None
    assert [edit.text for edit in item.fix.edits] == ["graph.params.mode"]


def test_dc304_ctx_params_operand_never_resolves_either() -> None:
    # `ctx.` is stripped and `params.mode` looked up: not a key of the context (reference
    # §5.2, the left side); only `params.mode` was reported
    text = LOOP.replace("  start: Start\n", "  start: Start\n  vars\n    mode: fast\n").replace(
        "ctx.internal.loop_restart_count = 0", "ctx.params.mode = fast"
    )
    findings = only(lint(text), "DC304")
    assert findings[0] == Finding("DC304", "warning", (17, 30), (17, 45), "ctx.params.mode")
    assert messages(text, "DC304")[0] == (
        "`ctx.params.mode` as a condition's left side never resolves: the context holds "
        "`graph.params.mode`, so it always compares an empty string"
    )
    [item, _] = diagnostics(text, "DC304")
    assert item.fix is not None
    assert [edit.text for edit in item.fix.edits] == ["graph.params.mode"]
    # twins: the key written by a node resolves; `ctx.graph.params.mode` resolves
    written = text.replace("prompt: Why?", "prompt: Why?\n    writes: params.mode")
    assert [item.text for item in only(lint(written), "DC304")] == [
        "ctx.internal.loop_restart_count"
    ]
    graph = text.replace("ctx.params.mode", "ctx.graph.params.mode")
    assert [item.text for item in only(lint(graph), "DC304")] == ["ctx.internal.loop_restart_count"]


def test_dc304_twin_keys_the_runtime_writes() -> None:
    text = LOOP.replace("ctx.internal.loop_restart_count", "ctx.outcome")
    assert only(lint(text), "DC304") == []
    stack = LOOP.replace("ctx.internal.loop_restart_count", "stack.child.status")
    assert [item.text for item in only(lint(stack), "DC304")] == ["stack.child.status"] * 2


# -- DC305 ----------------------------------------------------------------------------------

GRAPH = template(
    """
    workflow Graphs
      goal: "Ship the release"
      start: Start
      exit: Done
      defaults
        model: claude-sonnet-4-6
      vars
        team: core
      agent Start
        label: Start
      agent Report
        prompt:
          Report on ${graph.goal} for ${graph.name}
          (model ${graph.llm_model}, team ${graph.params.team})
      agent Done
        label: Done
      edges
        Start -> Report
        Report -> Done
    """
)


def test_dc305_unknown_graph_attribute() -> None:
    assert only(lint(GRAPH), "DC305") == [
        Finding("DC305", "warning", (13, 35), (13, 48), "${graph.name}")
    ]
    assert messages(GRAPH, "DC305") == [
        "`${graph.name}` always expands to an empty string: `name` is not a graph attribute "
        "the runtime sets"
    ]


def test_dc305_thousands_of_unknown_attributes_get_their_suggestion_in_linear_time() -> None:
    """Each unknown `${graph.X}` sorted the known attributes again and compared with every
    one: 6,000 reads among 6,000 `vars` took 3 s. Its twin: the suggestion is the same."""
    import time

    count = 10_000
    names = "".join(f"    v{index}: x\n" for index in range(count))
    reads = " ".join(f"${{graph.params_v{index}}}" for index in range(count))
    text = f"workflow W\n  start: A\n  exit: A\n  vars\n{names}  agent A\n    prompt: {reads}\n"
    started = time.process_time()
    found = [item for item in run(text).diagnostics if item.code == "DC305"]
    assert time.process_time() - started < 8
    assert len(found) == 1000
    assert found[0].message == (
        "`${graph.params_v0}` always expands to an empty string: `params_v0` is not a graph "
        "attribute the runtime sets (did you mean `params.v0`?)"
    )


def test_dc305_attribute_from_a_default_that_is_not_set() -> None:
    text = GRAPH.replace("  defaults\n    model: claude-sonnet-4-6\n", "").replace(
        " for ${graph.name}", ""
    )
    assert [item.text for item in only(lint(text), "DC305")] == ["${graph.llm_model}"]
    assert messages(text, "DC305")[0].endswith(
        "this workflow sets no `defaults: model`, which is where it comes from"
    )


def test_dc305_twin_known_attributes() -> None:
    text = GRAPH.replace(" for ${graph.name}", " for ${graph.workflow_dir}")
    assert only(lint(text), "DC305") == []


# -- DC306 ----------------------------------------------------------------------------------

TESTS = template(
    """
    workflow Tests
      start: Start
      exit: Done
      agent Start
        label: Start
      tool RunTests
        timeout: 5m
        command:
          set -e
          if go test ./... 2>&1; then
            printf 'tests_pass'
          else
            printf 'tests_fail'
          fi
      agent Fix
        prompt: Fix it.
      agent Done
        label: Done
      edges
        Start -> RunTests
        RunTests -> Done  when ctx.tool_stdout = tests_pass
        RunTests -> Fix  when ctx.tool_stdout = tests_fail
        Fix -> RunTests  loop
    """
)


def test_dc306_test_runner_output_before_the_marker() -> None:
    assert only(lint(TESTS), "DC306") == [
        Finding("DC306", "warning", (21, 28), (21, 56), "ctx.tool_stdout = tests_pass"),
        Finding("DC306", "warning", (22, 27), (22, 55), "ctx.tool_stdout = tests_fail"),
    ]
    [item, _] = diagnostics(TESTS, "DC306")
    assert item.message == (
        "`RunTests -> Done` compares the whole standard output of `RunTests` with "
        "`tests_pass`, but the command also prints other text (`go test ./... 2>&1`), so the "
        "comparison never holds"
    )
    [related] = item.related
    assert related.span.text == "go test ./... 2>&1"


def test_dc306_twin_output_redirected_or_compared_with_contains() -> None:
    quiet = TESTS.replace("go test ./... 2>&1", "go test ./... >/dev/null 2>&1")
    assert only(lint(quiet), "DC306") == []
    to_stderr = TESTS.replace("go test ./... 2>&1", "go test ./... >&2")
    assert only(lint(to_stderr), "DC306") == []
    contains = TESTS.replace("ctx.tool_stdout = tests_", "ctx.tool_stdout contains tests_")
    assert only(lint(contains), "DC306") == []


def test_dc306_conservative_with_conditional_and_variable_output() -> None:
    # an echo inside a branch, an echo of a variable, and output after a conditional exit
    # are not certain noise
    text = TESTS.replace(
        "      set -e\n",
        '      set -e\n      if [ -n "$DEBUG" ]; then echo debugging; fi\n'
        '      echo "$STATUS"\n      [ -f skip ] && exit 0\n',
    ).replace("go test ./... 2>&1", "go test ./... >/dev/null")
    assert only(lint(text), "DC306") == []
    progress = TESTS.replace(
        "      set -e\n", "      set -e\n      echo Running the suite\n"
    ).replace("go test ./... 2>&1", "go test ./... >/dev/null")
    assert [item.text for item in only(lint(progress), "DC306")] == [
        "ctx.tool_stdout = tests_pass",
        "ctx.tool_stdout = tests_fail",
    ]


# -- DC307 ----------------------------------------------------------------------------------

WRITES = template(
    """
    workflow Writes
      start: Plan
      exit: Done
      agent Plan
        prompt: Plan the change.
        writes: plan, risks
      agent Done
        prompt: Summarise ${ctx.plan} and ${ctx.risks}
      edges
        Plan -> Done
    """
)


def test_dc307_two_keys_and_prose() -> None:
    assert only(lint(WRITES), "DC307") == [
        Finding("DC307", "warning", (6, 13), (6, 24), "plan, risks")
    ]
    assert messages(WRITES, "DC307")[0].startswith(
        "`Plan` declares 2 `writes:` keys (`plan`, `risks`) but neither sets "
        "`response_format` nor asks for JSON"
    )


def test_dc307_fix_asks_for_json() -> None:
    from dipcheck.engine import lint_text

    [item] = diagnostics(WRITES, "DC307")
    assert item.fix is not None and not item.fix.safe
    [edit] = item.fix.edits
    source = item.span.source.text
    fixed = source[: edit.span.start] + edit.text + source[edit.span.end :]
    assert "    writes: plan, risks\n    response_format: json_object\n" in fixed
    after = lint_text(fixed, "<test>.dip")
    assert [d.code for d in after.diagnostics if d.code in ("DC307", "DC004", "DC001")] == []


def test_dc307_twin_json_asked_for() -> None:
    fmt = WRITES.replace("    writes: plan", "    response_format: json_object\n    writes: plan")
    assert only(lint(fmt), "DC307") == []
    prompt = WRITES.replace("Plan the change.", "Plan the change. Answer with a JSON object.")
    assert only(lint(prompt), "DC307") == []
    single = WRITES.replace("writes: plan, risks", "writes: plan").replace(" and ${ctx.risks}", "")
    assert only(lint(single), "DC307") == []


# -- DC308 ----------------------------------------------------------------------------------

READS = template(
    """
    workflow Reads
      start: Plan
      exit: Review
      agent Plan
        prompt: Plan.
        writes: plan
      agent Review
        reads: plan
        prompt: Review the plan.
      edges
        Plan -> Review
    """
)


def test_dc308_reads_at_full_fidelity() -> None:
    assert only(lint(READS), "DC308") == [Finding("DC308", "info", (8, 12), (8, 16), "plan")]
    assert messages(READS, "DC308") == [
        "`Review` declares `reads: plan`, but its prompt runs at `full` (tracker's default "
        "fidelity), and that level appends only `human_response` and `last_response` to the "
        "prompt: the model sees `plan` only where the prompt interpolates `${ctx.plan}` (or at "
        "`summary:medium`, which adds `reads:` keys)"
    ]


def test_dc308_twin_fidelity_or_interpolation() -> None:
    medium = READS.replace("    reads: plan\n", "    reads: plan\n    fidelity: summary:medium\n")
    assert only(lint(medium), "DC308") == []
    used = READS.replace("Review the plan.", "Review ${ctx.plan}")
    assert only(lint(used), "DC308") == []


BRANCH_READS = template(
    """
    workflow Branches
      start: Plan
      exit: Join
      agent Plan
        prompt: Plan.
        writes: plan
      parallel Fork
        branch: Review
          fidelity: summary:medium
        branch: Check
      agent Review
        reads: plan
        prompt: Review the plan.
      agent Check
        reads: plan
        prompt: Check the plan.
      fan_in Join <- Review, Check
      edges
        Plan -> Fork
    """
)


def test_dc308_a_branch_block_setting_the_fidelity_counts() -> None:
    # the branch block of `Review` runs it at summary:medium, which adds `reads:` keys;
    # `Check`'s block sets none
    assert only(lint(BRANCH_READS), "DC308") == [
        Finding("DC308", "info", (15, 12), (15, 16), "plan")
    ]
    plain = BRANCH_READS.replace("      fidelity: summary:medium\n", "")
    assert only(lint(plain), "DC308") == [
        Finding("DC308", "info", (11, 12), (11, 16), "plan"),
        Finding("DC308", "info", (14, 12), (14, 16), "plan"),
    ]


def test_dc308_summary_high_puts_every_key_in_the_prompt() -> None:
    high = READS.replace("    reads: plan\n", "    reads: plan\n    fidelity: summary:high\n")
    assert only(lint(high), "DC308") == []
    default = READS.replace(
        "  agent Plan\n", "  defaults\n    fidelity: summary:high\n  agent Plan\n"
    )
    assert only(lint(default), "DC308") == []


def test_dc308_invalid_fidelity_falls_back_to_the_default_level() -> None:
    compact = READS.replace(
        "  agent Plan\n", "  defaults\n    fidelity: compact\n  agent Plan\n"
    ).replace("    reads: plan\n", "    reads: plan\n    fidelity: high\n")
    assert only(lint(compact), "DC308") == [Finding("DC308", "info", (10, 12), (10, 16), "plan")]
    assert messages(compact, "DC308") == [
        "`Review` declares `reads: plan`, but its `fidelity: high` is not a level tracker "
        "knows, so its prompt runs at `compact` (the workflow's default fidelity), and that "
        "level adds only the goal and `outcome` to the prompt: the model sees `plan` only "
        "where the prompt interpolates `${ctx.plan}` (or at `summary:medium`, which adds "
        "`reads:` keys)"
    ]
    medium = compact.replace("fidelity: compact", "fidelity: summary:medium")
    assert only(lint(medium), "DC308") == []


def test_dc308_tool_and_human_nodes_have_no_prompt_fidelity() -> None:
    tool = READS.replace(
        "  agent Review\n    reads: plan\n    prompt: Review the plan.\n",
        "  tool Review\n    reads: plan\n    timeout: 1m\n    command: cat plan.md\n",
    )
    assert only(lint(tool), "DC308") == []
    human = READS.replace(
        "  agent Review\n    reads: plan\n    prompt: Review the plan.\n",
        "  human Review\n    reads: plan\n    label: Ok?\n",
    )
    assert only(lint(human), "DC308") == []


# -- DC309 ----------------------------------------------------------------------------------

ELSE = template(
    """
    workflow Else
      start: Check
      exit: Done
      tool Check
        timeout: 1m
        command: ./check.sh
      agent Ship
        prompt: Ship.
      agent Triage
        prompt: Triage.
      agent Done
        label: Done
      edges
        Check -> Ship  when ctx.tool_stdout = ok
        else -> Triage
        Ship -> Done
        Triage -> Done
    """
)


def test_dc309_else_is_ignored_by_tracker() -> None:
    assert only(lint(ELSE), "DC309") == [
        Finding("DC309", "warning", (15, 5), (15, 19), "else -> Triage")
    ]
    [item] = diagnostics(ELSE, "DC309")
    assert item.message == (
        "tracker ignores `else -> Triage`: when no condition of `Check` matches, the run fails "
        'with "no matching edges" instead of going to `Triage`'
    )
    assert item.fix is not None and not item.fix.safe
    assert [edit.text for edit in item.fix.edits] == ["Check -> Triage"]


def test_dc309_twin_explicit_fallback_edge() -> None:
    text = ELSE.replace("    else -> Triage\n", "    Check -> Triage\n")
    assert only(lint(text), "DC309") == []


# -- DC310 ----------------------------------------------------------------------------------

PARENT = template(
    """
    workflow Parent
      start: Start
      exit: Done
      agent Start
        label: Start
      subgraph Review
        ref: review.dip
      agent Done
        label: Done
      edges
        Start -> Review
        Review -> Done
    """
)
CHILD = template(
    """
    workflow Review
      start: Critic
      exit: Critic
      agent Critic
        label: "Critic for ${ctx.last_response}"
        prompt:
          Review ${ctx.last_response} against ${inputs.spec}.
    """
)


def _family(tmp_path, child: str):  # type: ignore[no-untyped-def]
    (tmp_path / "review.dip").write_text(child, encoding="utf-8")
    parent = tmp_path / "parent.dip"
    parent.write_text(PARENT, encoding="utf-8")
    from dipcheck.engine import lint_file

    return [item for item in lint_file(str(parent)).diagnostics if item.code == "DC310"]


def test_dc310_child_placeholders_erased_at_injection(tmp_path) -> None:  # type: ignore[no-untyped-def]
    [item] = _family(tmp_path, CHILD)
    assert as_finding(item) == Finding("DC310", "warning", (7, 10), (7, 20), "review.dip")
    assert item.message == (
        "child `review.dip` of `Review` uses `${ctx.last_response}`, `${inputs.spec}` in its "
        "node attributes; tracker expands them with no context when it injects the child, so "
        "they always become empty strings there"
    )
    # each erased placeholder is a related location in the child; the label is not one
    assert [(r.span.path.endswith("review.dip"), r.span.text) for r in item.related] == [
        (True, "${ctx.last_response}"),
        (True, "${inputs.spec}"),
    ]
    assert [position(r.span)[0] for r in item.related] == [(7, 14), (7, 43)]


def test_dc310_twin_child_reads_its_params(tmp_path) -> None:  # type: ignore[no-untyped-def]
    child = CHILD.replace("${ctx.last_response} against ${inputs.spec}", "${params.doc}")
    assert _family(tmp_path, child) == []


# -- DC337 ----------------------------------------------------------------------------------

BRANCHES = template(
    """
    workflow Branches
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Fork -> A, B
      agent A
        prompt: Do A.
      agent LintA
        prompt: Lint A.
      agent B
        prompt: Do B.
      fan_in Join <- A, B
      agent Done
        label: Done
      edges
        Start -> Fork
        A -> LintA
        LintA -> Join
        Join -> Done
    """
)


def test_dc337_an_edge_out_of_a_branch_is_never_followed() -> None:
    # reference §5.7: the targets' own outgoing edges are ignored; DIP149 said tracker
    # takes `Join` out of `A`, and nothing said `LintA` never runs
    assert only(lint(BRANCHES), "DC337", "DIP149") == [
        Finding("DC337", "warning", (18, 5), (18, 15), "A -> LintA")
    ]
    assert messages(BRANCHES, "DC337") == [
        "edge `A -> LintA` leaves `A`, a branch of parallel `Fork`: tracker runs the branch "
        "inside `Fork` and never follows its edges, so `LintA` does not run after it"
    ]
    # twins: the chained step made a branch of its own; a node the main loop also runs
    own = (
        BRANCHES.replace("Fork -> A, B", "Fork -> A, B, LintA")
        .replace("Join <- A, B", "Join <- A, B, LintA")
        .replace("    A -> LintA\n    LintA -> Join\n", "")
    )
    assert only(lint(own), "DC337") == []
    main = BRANCHES.replace("Start -> Fork", "Start -> Fork\n    Start -> A  when ctx.x = 1")
    assert only(lint(main), "DC337") == []
    # an edge into the branch from a node no run reaches (tools/fuzz: a KeyError, DC000)
    stray = BRANCHES.replace(
        "  agent Done\n", "  agent Stray\n    prompt: s\n  agent Done\n"
    ).replace("    Join -> Done\n", "    Join -> Done\n    Stray -> A\n")
    assert [item.code for item in lint(stray) if item.code in ("DC000", "DC337")] == ["DC337"]


def test_dc337_in_dot_spares_the_edges_that_draw_the_fork() -> None:
    # (a DOT parallel node with a join: `parallel_join`; without one, tracker's main loop
    # goes on into a branch, whose edges it then follows: DIP149's case)
    text = template(
        """
        digraph G {
          Start [shape=Mdiamond]
          Done [shape=Msquare]
          Fork [shape=component, parallel_targets="A,B", parallel_join="Join"]
          A [shape=box, prompt="a"]
          B [shape=box, prompt="b"]
          LintA [shape=box, prompt="lint"]
          Join [shape=tripleoctagon]
          Start -> Fork
          Fork -> A
          Fork -> B
          A -> Join
          B -> Join
          A -> LintA
          LintA -> Join
          Join -> Done
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC337", "DIP149") == [
        Finding("DC337", "warning", (14, 3), (14, 13), "A -> LintA")
    ]
    drawn = text.replace("  A -> LintA\n  LintA -> Join\n", "")
    assert only(lint(drawn, "g.dot"), "DC337") == []
    no_join = text.replace(', parallel_targets="A,B", parallel_join="Join"', "")
    assert [item.code for item in only(lint(no_join, "g.dot"), "DC337", "DIP149")] == ["DIP149"]

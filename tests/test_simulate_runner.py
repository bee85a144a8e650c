"""The simulator's main loop against the runtime rules of tracker-runtime.md §5, one small
workflow per rule. Each expected route is derived by hand from the section cited."""

from __future__ import annotations

import pytest
from helpers import Template, dedent, template
from simulate_support import simulate_text

from dipcheck.simulate.expand import expand, expand_graph_variables
from dipcheck.target import parse_target

ORDER = Template(
    dedent("""
workflow W
  start: A
  exit: Z
  agent A
    prompt: go
  agent B
    prompt: b
  agent C
    prompt: c
  agent Z
    prompt: z
  edges
    A -> B when ctx.outcome = fail
    A -> C label: "Ship it"
    A -> Z weight: 2
    A -> B
    B -> Z
    C -> Z
""")
)


def test_condition_first_then_weight() -> None:
    # §5.3: A succeeds, so `ctx.outcome = fail` is false (step 1); no preferred label
    # (step 2), no suggestion (step 3); among unconditional edges weight 2 beats 0 (step 4).
    sim = simulate_text(ORDER)
    assert sim.edges() == [("A", "Z", "weight"), ("Z", None, None)]
    first = sim.run.top[0].edge
    assert [item.edge.target.value for item in first.rejected] == ["B"]
    assert "§5.3 step 1" in first.rejected[0].why or "is false" in first.rejected[0].why
    assert sim.status == "success"


def test_failed_node_with_a_conditional_edge_routes_normally() -> None:
    # §5.3 step 0 applies only when no edge is conditional; here `when ctx.outcome = fail`
    # exists, so the failed A takes it (step 1).
    sim = simulate_text(ORDER, "nodes: {A: {outcome: fail}}")
    assert sim.edges()[0] == ("A", "B", "condition")


def test_lexical_tiebreak() -> None:
    # §5.3 step 4: equal weights, the lexically smallest target wins ("B" < "C").
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: go
          agent C
            prompt: c
          agent B
            prompt: b
          agent Z
            prompt: z
          edges
            A -> C
            A -> B
            B -> Z
            C -> Z
        """
    )
    assert sim.edges()[0] == ("A", "B", "lexical")


def test_strict_failure_takes_the_fallback_once_then_fails() -> None:
    # §5.3 step 0: A fails with only unconditional edges → defaults on_failure (Recover),
    # once per node; the second failure of A stops the run.
    text = Template(
        dedent("""
        workflow W
          start: A
          exit: Z
          defaults
            on_failure: Recover
            max_restarts: 5
          agent A
            prompt: go
          agent Recover
            prompt: fix
          agent Z
            prompt: z
          edges
            A -> Z
            Recover -> A
        """)
    )
    sim = simulate_text(text, "nodes: {A: {outcome: fail}}")
    assert sim.edges() == [
        ("A", "Recover", "fallback"),
        ("Recover", "A", "weight"),
        ("A", None, None),
    ]
    assert sim.status == "fail"
    assert "again" in sim.message
    # without on_failure the first failure ends the run
    plain = simulate_text(
        text.replace("    on_failure: Recover\n", ""), "nodes: {A: {outcome: fail}}"
    )
    assert plain.path == ["A"] and plain.status == "fail"


def test_retries_are_steps_and_exhaust() -> None:
    # §5.4: retry only on `retry`; max_retries 2 → three attempts, each a step; exhausted
    # without fallback_target → the run fails (the retry_exhausted golden).
    text = Template(
        dedent("""
        workflow W
          start: Flaky
          exit: Z
          agent Flaky
            prompt: go
            max_retries: 2
          agent Z
            prompt: z
          edges
            Flaky -> Z
        """)
    )
    sim = simulate_text(text, "nodes: {Flaky: {outcome: retry}}")
    assert sim.edges() == [
        ("Flaky", "Flaky", "retry"),
        ("Flaky", "Flaky", "retry"),
        ("Flaky", None, None),
    ]
    assert [step.attempt for step in sim.run.top] == [1, 2, 3]
    assert sim.status == "fail" and "retries exhausted" in sim.message
    # a list gives one entry per visit: retry, then success
    again = simulate_text(text, "nodes: {Flaky: [{outcome: retry}, {outcome: success}]}")
    assert again.path == ["Flaky", "Flaky", "Z"] and again.status == "success"
    # exhausted with a node-level fallback_target → fallback_retry_target (§0.2, §5.4)
    fallback = simulate_text(
        text.replace("max_retries: 2", "max_retries: 1\n    fallback_target: Z"),
        "nodes: {Flaky: {outcome: retry}}",
    )
    assert fallback.edges()[:2] == [("Flaky", "Flaky", "retry"), ("Flaky", "Z", "retry_fallback")]


def test_standard_policy_allows_two_retries() -> None:
    # §5.4: no max_retries anywhere → the standard policy, 2 retries.
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: go
          agent Z
            prompt: z
          edges
            A -> Z
        """,
        "nodes: {A: {outcome: retry}}",
    )
    assert sim.path == ["A", "A", "A"]


def test_loop_restart_counts_and_exhausts_the_budget() -> None:
    # §5.4: B -> A targets a completed node: a restart; max_restarts 2 → the third loop
    # back fails with "max restarts (2) exceeded". The edge recorded is the edge selected.
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          defaults
            max_restarts: 2
          agent A
            prompt: go
          tool B
            command: check
          agent Z
            prompt: z
          edges
            B -> Z when ctx.tool_stdout = done
            A -> B
            B -> A
        """
    )
    assert sim.path == ["A", "B", "A", "B", "A", "B"]
    assert sim.status == "restarts_exhausted"
    assert "max restarts (2) exceeded" in sim.message
    assert [step.edge.restart for step in sim.run.top[:5]] == [None, "A", None, "A", None]


def test_restart_target_is_where_the_run_continues() -> None:
    # §5.4: the graph's restart_target replaces the edge target of a restart.
    sim = simulate_text(
        """
        workflow W
          start: S
          exit: Z
          defaults
            restart_target: S
          agent S
            prompt: s
          agent A
            prompt: go
          tool B
            command: check
          agent Z
            prompt: z
          edges
            S -> A
            A -> B
            B -> Z when ctx.tool_stdout = done
            B -> A
        """,
        "nodes: {B: [{stdout: again}, {stdout: done}]}",
    )
    assert sim.path == ["S", "A", "B", "S", "A", "B", "Z"]
    assert sim.run.top[2].edge.target == "A" and sim.run.top[2].edge.restart == "S"


def test_goal_gate_redirects_are_steps_of_the_exit() -> None:
    # §5.5: Gate failed last time it ran; at the exit the gate's retry_target is used
    # (budget max_retries 1), then the run goes on; the redirect is the exit node's step.
    sim = simulate_text(
        """
        workflow W
          start: Gate
          exit: Z
          agent Gate
            prompt: check
            goal_gate: true
            retry_target: Gate
            max_retries: 1
          agent Z
            prompt: z
          edges
            Gate -> Z when ctx.outcome = fail
            Gate -> Z
        """,
        "nodes: {Gate: [{outcome: fail}, {outcome: success}]}",
    )
    assert sim.edges() == [
        ("Gate", "Z", "condition"),
        ("Z", "Gate", "goal_gate"),
        ("Gate", "Z", "weight"),
        ("Z", None, None),
    ]
    assert sim.status == "success"


def test_unsatisfiable_goal_gate_fails_after_budget_fallback_and_recheck() -> None:
    # §5.5: budget 1 redirect, then the one-time fallback (on_failure), then the gate is
    # re-entered once (observed v0.64), then the run fails.
    sim = simulate_text(
        """
        workflow W
          start: Gate
          exit: Z
          defaults
            on_failure: Z
          agent Gate
            prompt: check
            goal_gate: true
            max_retries: 1
          agent Z
            prompt: z
          edges
            Gate -> Z when ctx.outcome = fail
            Gate -> Z
        """,
        "nodes: {Gate: {outcome: fail}}",
    )
    reasons = [reason for _, _, reason in sim.edges()]
    assert reasons == [
        "condition",
        "goal_gate",  # redirect 1 of 1: on_failure Z is the first existing target
        "goal_gate_fallback",
        "goal_gate_recheck",
        "condition",
        None,
    ]
    assert sim.status == "fail"


def test_yes_no_gate_defaults_to_yes_and_no_fails() -> None:
    # §5.3 / §8.1: auto-approve answers Yes → outcome success, preferred label Yes; No → fail.
    text = Template(
        dedent("""
        workflow W
          start: Ask
          exit: Z
          human Ask
            mode: yes_no
          agent Yes
            prompt: y
          agent No
            prompt: n
          agent Z
            prompt: z
          edges
            Ask -> Yes when ctx.outcome = success
            Ask -> No when ctx.outcome = fail
            Yes -> Z
            No -> Z
        """)
    )
    assert simulate_text(text).path == ["Ask", "Yes", "Z"]
    assert simulate_text(text, "nodes: {Ask: {choice: 'no'}}").path == ["Ask", "No", "Z"]


CHOICE = Template(
    dedent("""
workflow W
  start: Pick
  exit: Z
  human Pick
    label: Pick one
  agent Red
    prompt: r
  agent Blue
    prompt: b
  agent Z
    prompt: z
  edges
    Pick -> Red label: "[R] Red"
    Pick -> Blue label: "[B] Blue"
    Red -> Z
    Blue -> Z
""")
)


def test_choice_gate_first_label_default_and_scenario() -> None:
    # §8.1: auto-approve takes the first label; a `default:` wins; the chosen label is the
    # preferred label, matched by §5.3 step 2.
    sim = simulate_text(CHOICE)
    assert sim.edges()[0] == ("Pick", "Red", "label")
    with_default = simulate_text(
        CHOICE.replace("label: Pick one", 'label: Pick one\n    default: "[B] Blue"')
    )
    assert with_default.edges()[0] == ("Pick", "Blue", "label")
    chosen = simulate_text(CHOICE, "nodes: {Pick: {choice: '[B] Blue'}}")
    assert chosen.edges()[0] == ("Pick", "Blue", "label")


def test_choice_key_is_the_routing_key() -> None:
    # §5.3: the selected label maps to its `choice` key, and label matching uses `choice`.
    sim = simulate_text(
        CHOICE.replace('label: "[B] Blue"', 'label: "[B] Blue" choice: blue'),
        "nodes: {Pick: {choice: '[B] Blue'}}",
    )
    assert sim.edges()[0] == ("Pick", "Blue", "label")


def test_freeform_takes_the_first_label_and_ignores_default() -> None:
    # §8.1: a freeform gate ignores `default:` and types the first label; the typed text
    # matches an edge label case-insensitively (§5.3).
    text = Template(
        dedent("""
        workflow W
          start: Ask
          exit: Z
          human Ask
            mode: freeform
            default: abandon
          agent Fix
            prompt: f
          agent Z
            prompt: z
          edges
            Ask -> Fix label: accept
            Ask -> Z label: abandon
            Fix -> Z
        """)
    )
    assert simulate_text(text).path == ["Ask", "Fix", "Z"]
    assert simulate_text(text, "nodes: {Ask: {text: ABANDON}}").path == ["Ask", "Z"]
    # text that matches no label: no preferred label, so weight/lexical decides (Fix < Z)
    other = simulate_text(text, "nodes: {Ask: {text: whatever}}")
    assert other.edges()[0] == ("Ask", "Fix", "lexical")


def test_freeform_text_equal_to_a_dip_default_sets_no_label() -> None:
    # `matchFreeformLabel` (pipeline/handlers/human.go) compares the text with the bare
    # `default` attribute; dippin passes a `.dip` gate's `default:` on as `default_choice`,
    # so typing it sets no preferred label and the lexical tie-break takes Alpha
    text = dedent("""
        workflow W
          start: G
          exit: Z
          human G
            mode: freeform
            default: Bee
          agent Alpha
            prompt: a
          agent Bee
            prompt: b
          agent Z
            prompt: z
          edges
            G -> Alpha
            G -> Bee
            Alpha -> Z
            Bee -> Z
        """)
    assert simulate_text(text, "nodes: {G: {text: bee}}").edges()[0] == ("G", "Alpha", "lexical")


@pytest.mark.parametrize(
    ("attribute", "taken"), [("default", ("G", "Bee", "label")), ("default_choice", None)]
)
def test_freeform_text_equal_to_a_dot_default(attribute: str, taken: tuple | None) -> None:
    # a DOT gate's bare `default` is the one freeform compares with; `default_choice` is not
    text = dedent(f"""
        digraph W {{
          S [shape=Mdiamond]
          G [shape=hexagon, mode=freeform, {attribute}="Bee"]
          Alpha [shape=box, prompt="a"]
          Bee [shape=box, prompt="b"]
          Z [shape=Msquare]
          S -> G
          G -> Alpha
          G -> Bee
          Alpha -> Z
          Bee -> Z
        }}
        """)
    first = simulate_text(text, "nodes: {G: {text: bee}}", "w.dot").edges()[1]
    assert first == (taken or ("G", "Alpha", "lexical"))


def test_override_edge_gives_validation_overridden() -> None:
    # §5.5: a human takes an `override: true` edge → a successful run ends
    # validation_overridden (the validation_overridden golden).
    sim = simulate_text(
        """
        workflow W
          start: Check
          exit: Done
          tool Check
            command: exit 1
          human Escalate
            mode: freeform
          agent Cleanup
            prompt: c
          agent Done
            prompt: d
          edges
            Check -> Cleanup when ctx.outcome = success
            Check -> Escalate when ctx.outcome = fail
            Escalate -> Cleanup label: "accept" override: true
            Escalate -> Done label: "abandon"
            Cleanup -> Done
        """,
        "nodes: {Check: {exit_code: 1}}",
    )
    assert sim.path == ["Check", "Escalate", "Cleanup", "Done"]
    assert sim.run.top[1].edge.override
    assert sim.status == "validation_overridden"


def test_no_matching_edges_and_no_outgoing_edges_are_stuck() -> None:
    # §5.3 step 5 and §4.5.
    text = Template(
        dedent("""
        workflow W
          start: A
          exit: Z
          agent A
            prompt: go
          agent B
            prompt: b
          agent Z
            prompt: z
          edges
            A -> Z when ctx.outcome = fail
            A -> B when ctx.outcome = retry
        """)
    )
    sim = simulate_text(text)
    assert sim.status == "stuck" and "no matching edges" in sim.message
    dead_end = simulate_text(
        text.replace("when ctx.outcome = fail", "").replace(
            "A -> B when ctx.outcome = retry\n", ""
        ),
        "nodes: {}",
    )
    assert dead_end.status == "success"
    lone = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: go
          agent B
            prompt: b
          agent Z
            prompt: z
          edges
            A -> B
            B -> Z when ctx.outcome = fail
            A -> Z when ctx.outcome = fail
        """
    )
    assert lone.status == "stuck"


def test_tool_stdout_is_right_trimmed_and_routes() -> None:
    # the issue / §3.1: stdout is right-trimmed before conditions see it.
    sim = simulate_text(
        """
        workflow W
          start: T
          exit: Z
          tool T
            command: run
          agent Pass
            prompt: p
          agent Z
            prompt: z
          edges
            T -> Pass when ctx.tool_stdout = tests_pass
            T -> Z
            Pass -> Z
        """,
        'nodes: {T: {stdout: "tests_pass\\n\\n"}}',
    )
    assert sim.edges()[0] == ("T", "Pass", "condition")


def test_keyword_and_is_one_clause_up_to_064() -> None:
    # §5.2 / tracker#647: `and` is not split before v0.65, so the first edge's literal is
    # "done and ctx.tool_stdout != skip" and `!=` makes it true; from v0.65 it is false.
    text = Template(
        dedent("""
        workflow W
          start: T
          exit: Z
          tool T
            command: run
          agent Loop
            prompt: l
          agent Z
            prompt: z
          edges
            T -> Loop when ctx.tool_stdout != done and ctx.tool_stdout != skip
            T -> Z
            Loop -> Z
        """)
    )
    old = simulate_text(text, "nodes: {T: {stdout: done}}")
    assert old.edges()[0] == ("T", "Loop", "condition")
    new = simulate_text(text, "nodes: {T: {stdout: done}}", target=parse_target("0.65"))
    assert new.edges()[0] == ("T", "Z", "weight")


def test_parallel_suggests_the_join_and_fan_in_policy() -> None:
    # §5.7: branches run inside the handler, the join is suggested (§5.3 step 3); with
    # fan_in_policy all, one failed branch fails the parallel node and suppresses the
    # suggestion, and the failure with only unconditional edges is a strict failure.
    text = Template(
        dedent("""
        workflow W
          start: Start
          exit: Done
          agent Start
            prompt: s
          parallel Fork -> A, B
          agent A
            prompt: a
          agent B
            prompt: b
          fan_in Join <- A, B
          agent Done
            prompt: d
          edges
            Start -> Fork
            Join -> Done
        """)
    )
    sim = simulate_text(text)
    assert sim.edges()[1] == ("Fork", "Join", "suggested")
    nested = [step.node for step in sim.run.steps if step.within == "Fork"]
    assert nested == ["A", "B"]
    strict = simulate_text(
        text.replace(
            "parallel Fork -> A, B", "parallel Fork -> A, B\n    params:\n      fan_in_policy: all"
        ),
        "nodes: {B: {outcome: fail}}",
    )
    assert strict.path == ["Start", "Fork"] and strict.status == "fail"
    # under the default `any` policy one success is enough
    lenient = simulate_text(text, "nodes: {B: {outcome: fail}}")
    assert lenient.path == ["Start", "Fork", "Join", "Done"]


def test_fan_in_without_a_parallel_is_a_handler_error() -> None:
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: a
          fan_in J <- A
          agent Z
            prompt: z
          edges
            J -> Z
        """
    )
    assert sim.path == ["A", "J"] and sim.status == "fail"
    assert "missing parallel.results" in sim.message


def test_condition_text_is_what_tracker_receives() -> None:
    # §5.2 expands `${…}` in a condition before evaluating it, but in `.dip` dippin rejoins the
    # condition's tokens with single spaces (§0.2), so `${ctx.want}` reaches tracker as
    # `$ { ctx.want }` (routing.runtime_text) — no placeholder left, a literal that never
    # matches. The simulator evaluates that text, and says so.
    sim = simulate_text(
        """
        workflow W
          start: T
          exit: Z
          tool T
            command: run
          agent Hit
            prompt: h
          agent Z
            prompt: z
          edges
            T -> Hit when ctx.tool_stdout = ${ctx.want}
            T -> Z
            Hit -> Z
        """,
        "context: {want: green}\nnodes: {T: {stdout: green}}",
    )
    assert sim.edges()[0] == ("T", "Z", "weight")
    assert "`ctx.tool_stdout = $ { ctx.want }` is false" in sim.run.top[0].edge.rejected[0].why


def test_expansion_is_single_pass_and_misses_are_empty() -> None:
    # §7: ctx/params/graph/inputs namespaces; a miss is "" (shown as unresolved in --verbose);
    # `${nodot}` stays literal; a substituted value is never scanned again.
    context = {"a": "${ctx.b}", "b": "B", "inputs.x": "X"}
    graph = {"goal": "ship", "params.p": "P"}
    text = "${ctx.a} ${ctx.none} ${graph.goal} ${params.p} ${inputs.x} ${nodot} ${other.k}"
    assert expand(text, context, graph) == "${ctx.b}  ship P X ${nodot} "
    marked = expand("${ctx.none}", context, graph, mark_unresolved=True)
    assert marked == "⟨unresolved ${ctx.none}⟩"
    assert expand_graph_variables("$goalpost and $params.p", graph) == "shippost and P"


def test_max_steps_stops_the_simulation() -> None:
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          defaults
            max_restarts: 1000
          agent A
            prompt: a
          agent B
            prompt: b
          agent Z
            prompt: z
          edges
            A -> B
            B -> A
        """,
        "max_steps: 7",
    )
    assert len(sim.path) == 7 and sim.status == "max_steps"


def test_yaml_step_workflow_ends_without_a_next_step() -> None:
    # yaml-step-workflows.md: conditions are checked in order, then `next:`; a step with no
    # applicable next step ends the workflow.
    text = Template(
        dedent("""
        name: w
        steps:
          - name: plan
            agent: architect
            next: review
          - name: review
            agent: reviewer
            conditions:
              - on_result: approved
                next: ship
              - on_result: rejected
                next: plan
            next: null
          - name: ship
            tool: deploy
        """)
    )
    assert simulate_text(text, path="w.yaml").path == ["plan", "review"]
    approved = simulate_text(text, "nodes: {review: {outcome: approved}}", path="w.yaml")
    assert approved.path == ["plan", "review", "ship"] and approved.status == "success"
    looped = simulate_text(
        text, "nodes: {review: [{outcome: rejected}, {outcome: approved}]}", path="w.yaml"
    )
    assert looped.path == ["plan", "review", "plan", "review", "ship"]


def test_tool_command_expansion_failures_end_the_run() -> None:
    # §2.1: `${ctx.K}` outside outcome/preferred_label/human_response/interview_answers is a
    # handler error once K holds a value (here the agent's last_response), and the whole run
    # fails — no edge, no fallback. Before any agent ran, the key is unset and expands to "".
    text = template(
        """
        workflow W
          start: A
          exit: Z
          defaults
            on_failure: Z
          agent A
            prompt: write
          tool T
            command: echo ${ctx.last_response}
          agent Z
            prompt: z
          edges
            A -> T
            T -> Z
        """
    )
    sim = simulate_text(text)
    assert sim.path == ["A", "T"] and sim.status == "fail"
    assert "unsafe variable ${ctx.last_response}" in sim.message
    safe = simulate_text(text.replace("${ctx.last_response}", "${ctx.human_response} done"))
    assert safe.path == ["A", "T", "Z"]
    empty = simulate_text(text.replace("echo ${ctx.last_response}", "${ctx.human_response}"))
    assert empty.status == "fail" and "expanded to empty" in empty.message


def test_agent_without_a_prompt_is_a_handler_error() -> None:
    # §0.2 / §4.5: only the start and exit nodes become passthroughs without a prompt.
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: a
          agent B
            label: B
          agent Z
            label: Z
          edges
            A -> B
            B -> Z
        """
    )
    assert sim.path == ["A", "B"] and sim.status == "fail"
    assert "missing required attribute 'prompt'" in sim.message


def test_else_target_is_ignored_as_tracker_ignores_it() -> None:
    # §0.2: dippin parses `else -> X`, tracker never reads it — the run still has no edge.
    sim = simulate_text(
        """
        workflow W
          start: A
          exit: Z
          agent A
            prompt: a
          agent Z
            prompt: z
          edges
            A -> Z when ctx.outcome = fail
            else -> Z
        """
    )
    assert sim.path == ["A"] and sim.status == "stuck"
    assert "`else -> Z` is not wired into tracker" in sim.message

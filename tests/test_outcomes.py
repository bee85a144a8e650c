"""DC332 (a status no edge accepts, where DIP102's partition shortcut stays silent) and DC333
(a goal gate on a parallel branch, which tracker never checks; DIP115 steps aside): exact
ranges, messages and minimal passing twins."""

from __future__ import annotations

from helpers import Finding, lint, only, run, template

ROUTE = template(
    """
    workflow R
      start: Build
      exit: Done
      tool Build
        command: make
        timeout: 5m
      agent Fix
        prompt: Fix.
      agent Done
        label: Done
      edges
        Build -> Done  when ctx.outcome = passed
        Build -> Fix  when ctx.outcome = failed
        Fix -> Done
    """
)


def messages(text: str, code: str) -> list[str]:
    return [item.message for item in run(text).diagnostics if item.code == code]


def test_dc332_outcomes_a_tool_never_reports() -> None:
    assert only(lint(ROUTE), "DC332", "DIP102") == [
        Finding("DC332", "warning", (4, 8), (4, 13), "Build")
    ]
    assert messages(ROUTE, "DC332") == [
        "`Build` has only conditional edges and none of them holds when it reports `success` "
        "or `fail`: tracker then stops the run with `no matching edges`; its edges wait for "
        "`passed`, `failed`, which a `tool` node never reports to edge selection (only "
        "`success` and `fail`)"
    ]


def test_dc332_a_status_left_out_of_the_partition() -> None:
    text = ROUTE.replace("= passed", "= success").replace("= failed", "= partial_success")
    assert only(lint(text), "DC332", "DIP102") == [
        Finding("DC332", "warning", (4, 8), (4, 13), "Build")
    ]
    assert "holds when it reports `fail`:" in messages(text, "DC332")[0]


def test_dc332_twins() -> None:
    statuses = ROUTE.replace("= passed", "= success").replace("= failed", "= fail")
    assert only(lint(statuses), "DC332") == []
    fallback = ROUTE.replace("    Fix -> Done\n", "    Fix -> Done\n    Build -> Fix\n")
    assert only(lint(fallback), "DC332") == []
    other_key = ROUTE.replace("ctx.outcome = failed", "ctx.tool_stdout = failed")
    assert only(lint(other_key), "DC332") == []  # a key the tool may set: undecided


def test_dc332_a_deliberate_stop_on_failure_is_not_reported() -> None:
    dot = """
    digraph D {
      node [shape=box]
      s [shape=Mdiamond]
      e [shape=Msquare]
      a [prompt="a"]
      s -> a
      a -> e [condition="outcome=success"]
    }
    """
    assert only(lint(dot, "d.dot"), "DC332") == []
    assert [
        item.code for item in only(lint(dot.replace("success", "passed"), "d.dot"), "DC332")
    ] == ["DC332"]


def test_dc332_leaves_incomplete_routes_to_dip102() -> None:
    single = ROUTE.replace("    Build -> Fix  when ctx.outcome = failed\n", "")
    assert [item.code for item in only(lint(single), "DC332", "DIP102")] == ["DIP102"]


GATE = template(
    """
    workflow G
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Fork -> Check, Lint
      agent Check
        prompt: Check.
        goal_gate: true
      agent Lint
        prompt: Lint.
      fan_in Join <- Check, Lint
      agent Done
        label: Done
      edges
        Start -> Fork
        Join -> Done
    """
)


def test_dc333_goal_gate_on_a_parallel_branch() -> None:
    assert only(lint(GATE), "DC333", "DIP115") == [
        Finding("DC333", "warning", (9, 5), (9, 20), "goal_gate: true")
    ]
    assert messages(GATE, "DC333") == [
        "goal gate `Check` only runs as a branch of `Fork`: tracker never marks a branch "
        "completed, so it never checks this gate at the exit and a failed branch does not "
        "send the run back"
    ]


def test_dc333_one_finding_per_parallel_node() -> None:
    text = GATE.replace("prompt: Lint.", "prompt: Lint.\n    goal_gate: true")
    assert only(lint(text), "DC333") == [
        Finding("DC333", "warning", (9, 5), (9, 20), "goal_gate: true")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DC333"]
    assert item.message.startswith("goal gates `Check`, `Lint` only run as branches of `Fork`")
    assert [note.message for note in item.related] == [
        "the parallel node",
        "`Lint` is a goal gate too",
    ]


def test_dc333_names_the_blocks_inert_retry_fields_and_dc319_stays_silent() -> None:
    # one author misunderstanding of a parallel block (kitchen-sink, dotpowers): the goal
    # gate and the retry fields of the same branches are one finding, not two lines apart
    text = GATE.replace(
        "    goal_gate: true\n",
        "    goal_gate: true\n    retry_target: Check\n    max_retries: 2\n",
    ).replace("prompt: Lint.", "prompt: Lint.\n    retry_policy: patient")
    assert only(lint(text), "DC319", "DC333") == [
        Finding("DC333", "warning", (9, 5), (9, 20), "goal_gate: true")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DC333"]
    assert item.message.endswith(
        "; `retry_target`, `max_retries`, `retry_policy` on `Check`, `Lint` do nothing either "
        "(a branch runs once, with no retries)"
    )
    assert [(note.span.text, note.message) for note in item.related] == [
        ("Fork", "the parallel node"),
        ("retry_target: Check", "never takes effect on a branch"),
        ("max_retries: 2", "never takes effect on a branch"),
        ("retry_policy: patient", "never takes effect on a branch"),
    ]


def test_dc333_twin_gate_in_the_main_loop() -> None:
    text = GATE.replace("    goal_gate: true\n", "").replace(
        "  agent Done\n    label: Done",
        "  agent Done\n    prompt: Judge.\n    goal_gate: true\n    retry_target: Fork",
    )
    assert only(lint(text), "DC333", "DIP115") == []


YES_NO_GATE = template(
    """
    workflow G
      start: Start
      exit: Ship
      agent Start
        label: Start
      human Approve
        mode: yes_no
      agent Revise
        prompt: Revise.
      agent Ship
        label: Ship
      edges
        Start -> Approve
        Approve -> Ship  label: yes
        Approve -> Revise  label: "No"
        Revise -> Approve  restart: true
    """
)


def test_dc336_a_yes_no_gate_answers_exactly_yes_or_no() -> None:
    # reference §5.3: the gate's preferred label is `Yes` or `No`, matched exactly; `yes`
    # never matches, so a Yes went to `Revise` (weight tie, smallest target)
    assert only(lint(YES_NO_GATE), "DC336") == [
        Finding("DC336", "warning", (14, 22), (14, 32), "label: yes")
    ]
    assert messages(YES_NO_GATE, "DC336") == [
        "edge `Approve -> Ship` routes on the label `yes`, but yes_no gate `Approve` answers "
        "exactly `Yes` or `No`, so the answer never picks this edge (a Yes goes to `Revise`: "
        "highest weight, then the smallest target name); write `Yes`"
    ]
    other = YES_NO_GATE.replace("label: yes", "choice: ship  label: Yes")
    assert [item.text for item in only(lint(other), "DC336")] == ["choice: ship"]
    assert messages(other, "DC336")[0].endswith(
        "; label it `Yes`, and route a No with `when ctx.outcome = fail`"
    )
    # a `no` label: writing `No` would not help, a No with no conditional edge is a strict
    # failure before labels are read (DC315), so the advice is a condition
    lower = YES_NO_GATE.replace('label: "No"', "label: no")
    assert messages(lower, "DC336")[1].endswith(
        "; a No is `fail`, which goes nowhere by label: route it with `when ctx.outcome = fail`"
    )
    # twins: exact answers; another mode; one unconditional edge, taken whatever its label
    assert only(lint(YES_NO_GATE.replace("label: yes", "label: Yes")), "DC336") == []
    assert only(lint(YES_NO_GATE.replace("mode: yes_no", "mode: choice")), "DC336") == []
    single = YES_NO_GATE.replace(
        'Approve -> Revise  label: "No"', "Approve -> Revise  when ctx.outcome = fail"
    )
    assert only(lint(single), "DC336") == []
    # a gate routed on its outcome: an unconditional edge is a fallback, named by its label
    # (tracker's own dotpowers.dip: `label: fallback`), unless the label spells an answer
    routed = single.replace(
        "Revise -> Approve", "Approve -> Archive  label: fallback\n  Revise -> Approve"
    ).replace("  agent Ship\n", "  agent Archive\n    label: Archive\n  agent Ship\n")
    assert [item.text for item in only(lint(routed), "DC336")] == ["label: yes"]
    assert "(a Yes goes to `Archive`: " in messages(routed, "DC336")[0]
    assert only(lint(routed.replace("label: yes", "label: Yes")), "DC336") == []


def test_dc336_in_dot() -> None:
    text = template(
        """
        digraph G {
          Start [shape=Mdiamond]
          Ship [shape=Msquare]
          Approve [shape=hexagon, mode="yes_no"]
          Revise [shape=box, prompt="Revise."]
          Start -> Approve
          Approve -> Ship [label="YES"]
          Approve -> Revise [label="No"]
          Revise -> Approve [condition="outcome=success"]
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC336") == [
        Finding("DC336", "warning", (7, 20), (7, 31), 'label="YES"')
    ]
    assert only(lint(text.replace('"YES"', '"Yes"'), "g.dot"), "DC336") == []


def test_dc338_retry_settings_on_a_tool_never_act() -> None:
    # reference §5.4 (retries only for `retry`) and §5.3 (a tool is `success` exactly when
    # its command exits 0, else `fail`): nothing said the retries below never happen
    text = ROUTE.replace(
        "    timeout: 5m\n", "    timeout: 5m\n    retry_policy: aggressive\n    max_retries: 3\n"
    )
    assert only(lint(text), "DC338") == [
        Finding("DC338", "warning", (7, 5), (7, 29), "retry_policy: aggressive"),
        Finding("DC338", "warning", (8, 5), (8, 19), "max_retries: 3"),
    ]
    assert messages(text, "DC338")[1] == (
        "`max_retries: 3` on tool `Build` never retries it: a tool reports `success` or "
        "`fail`, never `retry`, so a failed command is not run again"
    )
    # twins: no retries asked; on an agent; on a tool that is a goal gate (its recheck
    # counts max_retries)
    none = text.replace("aggressive", "none").replace("max_retries: 3", "max_retries: 0")
    assert only(lint(none), "DC338") == []
    agent = text.replace("  tool Build\n    command: make\n", "  agent Build\n    prompt: make\n")
    assert only(lint(agent), "DC338") == []
    gate = text.replace("max_retries: 3\n", "max_retries: 3\n    goal_gate: true\n")
    assert only(lint(gate), "DC338") == []

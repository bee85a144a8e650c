"""Rules on DOT pipelines: the structural checks with tracker's DOT semantics, the Attractor
rules, the typed-outputs checks, and the places where the dialects differ — the same graph is
fine under one and flagged under the other. Each finding: code, severity, exact range; each
has a passing twin."""

from __future__ import annotations

from helpers import Finding, Template, lint, only, run, template

from dipcheck.config import Config, parse_config


def dialect(name: str) -> Config:
    return parse_config({"dialect": {"*.dot": name}}, "dipcheck.toml")


TRACKER = dialect("tracker")
ATTRACTOR = dialect("attractor")
TYPED = dialect("typed-outputs")


def check(text: str, *codes: str, config: Config | None = None) -> list[Finding]:
    return only(lint(text, "<test>.dot", config=config), *codes)


# -- structure with tracker's DOT semantics ---------------------------------------------------

ENDS = template(
    """
    digraph P {
      node [shape=box, prompt="p"]
      s [shape=Mdiamond]
      e [shape=Msquare]
      s -> a -> e
    }
    """
)


def test_start_and_exit_nodes_come_from_shapes() -> None:
    assert check(ENDS, "DIP001", "DIP002") == []
    assert check(ENDS.replace("shape=Mdiamond", "shape=box"), "DIP001") == [
        Finding("DIP001", "error", (1, 1), (1, 10), "digraph P")
    ]
    two = ENDS.replace("  s -> a", "  t [shape=Mdiamond]\n  s -> a")
    assert check(two, "DIP001") == [Finding("DIP001", "error", (5, 12), (5, 20), "Mdiamond")]


def test_a_type_start_or_exit_is_no_start_or_exit_node() -> None:
    """tracker picks the start and exit by the shape alone (``Graph.AddNode``,
    ``validateStartExit``): a box with ``type="start"`` runs the start handler but is not a
    second start, and the run still begins at the Mdiamond."""
    typed = ENDS.replace(
        "s -> a", 'b [shape=box, type="start"]\n  c [shape=box, type="exit"]\n  s -> b -> c -> a'
    )
    assert check(typed, "DIP001", "DIP002") == []
    workflow = run(typed, "<test>.dot").workflow
    assert workflow is not None
    assert (workflow.start, workflow.exit) == ("s", "e")
    two = typed.replace("b [shape=box,", "b [shape=Mdiamond,")
    assert check(two, "DIP001") == [Finding("DIP001", "error", (5, 12), (5, 20), "Mdiamond")]


def test_a_start_named_start_without_the_shape_is_explained() -> None:
    text = ENDS.replace("  s [shape=Mdiamond]", "  start [shape=box]").replace(
        "s -> a", "start -> a"
    )
    found = lint(text, "<test>.dot")
    # reported at the shape of the node that was meant as the start: the text to change
    assert only(found, "DIP001") == [Finding("DIP001", "error", (3, 16), (3, 19), "box")]
    assert "`start` is not one" in lint_message(text, "DIP001")


def test_the_start_and_exit_findings_help_with_dot_not_the_dip_header() -> None:
    """The rule's own help is the `.dip` header's `start:`/`exit:`, which a DOT graph has
    not: a DOT finding says how to draw the node."""
    from helpers import run

    no_start = ENDS.replace("shape=Mdiamond", "shape=box")
    found = [item for item in run(no_start, "<test>.dot").diagnostics if item.code == "DIP001"]
    assert [(item.code, item.help) for item in found] == [
        ("DIP001", "Draw the start node with that shape, e.g. `Start [shape=Mdiamond]`.")
    ]
    named = ENDS.replace("  e [shape=Msquare]", "  exit [shape=box]").replace("-> e", "-> exit")
    assert only(lint(named, "<test>.dot"), "DIP002") == [
        Finding("DIP002", "error", (4, 15), (4, 18), "box")
    ]
    found = [item for item in run(named, "<test>.dot").diagnostics if item.code == "DIP002"]
    assert found[0].help == "Draw the exit node with that shape, e.g. `exit [shape=Msquare]`."
    two = ENDS.replace("  s -> a", "  t [shape=Mdiamond]\n  s -> a")
    found = [item for item in run(two, "<test>.dot").diagnostics if item.code == "DIP001"]
    assert [item.help for item in found] == [
        "Keep `shape=Mdiamond` on one node and give the others another shape."
    ]
    assert check(ENDS, "DIP001", "DIP002") == []


def test_a_second_start_node_is_not_also_unreachable() -> None:
    """Two start shapes: DIP001 refuses the graph; the first is not reported again as a node
    the other (the one tracker records) cannot reach. A node neither reaches still is."""
    two = ENDS.replace("  s -> a", "  t [shape=Mdiamond]\n  s -> a")
    assert check(two, "DIP001", "DIP004") == [
        Finding("DIP001", "error", (5, 12), (5, 20), "Mdiamond")
    ]
    orphan = two.replace("  s -> a", "  o\n  s -> a")
    assert check(orphan, "DIP004") == [Finding("DIP004", "error", (6, 3), (6, 4), "o")]


def lint_message(text: str, code: str) -> str:
    from helpers import run

    return next(item.message for item in run(text, "<test>.dot").diagnostics if item.code == code)


def test_an_edge_to_an_undeclared_node_is_dip003() -> None:
    text = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="p"]
          s -> a -> report -> e
        }
        """
    )
    assert check(text, "DIP003") == [
        Finding("DIP003", "error", (5, 13), (5, 19), "report"),
        Finding("DIP003", "error", (5, 13), (5, 19), "report"),
    ]
    assert "declare it with a shape" in lint_message(text, "DIP003")
    declared = text.replace("  a [shape", '  report [shape=box, prompt="q"]\n  a [shape')
    assert check(declared, "DIP003") == []
    # the Attractor family reads it as a box
    assert check(text, "DIP003", config=ATTRACTOR) == []


def test_reachability_follows_edges_only() -> None:
    text = template(
        """
        digraph P {
          graph [fallback_target="rescue"]
          node [shape=box, prompt="p"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          rescue [prompt="r"]
          s -> a -> e
          rescue -> e
        }
        """
    )
    assert check(text, "DIP004") == [Finding("DIP004", "error", (6, 3), (6, 9), "rescue")]
    assert (
        check(
            text.replace(
                "  s -> a -> e", '  s -> a -> e\n  a -> rescue [condition="outcome=fail"]'
            ),
            "DIP004",
        )
        == []
    )


def test_a_cycle_counts_when_no_edge_in_it_has_a_condition() -> None:
    text = template(
        """
        digraph P {
          node [shape=box, prompt="p"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          s -> a -> b -> e
          b -> a
        }
        """
    )
    assert check(text, "DIP005") == [Finding("DIP005", "error", (6, 3), (6, 9), "b -> a")]
    assert lint_message(text, "DIP005") == (
        "unconditional cycle: a → b → a — no edge in it has a condition: its only way out, "
        "`b -> e`, loses to the loop edge in edge selection (highest weight, then the smallest "
        "target name), so a run that enters it never leaves, and tracker refuses the graph "
        "(`graph contains a cycle`); put a condition on the edge that loops back"
    )
    assert check(text.replace("  b -> a", '  b -> a [condition="outcome=fail"]'), "DIP005") == []
    assert check(text, "DIP005", config=ATTRACTOR) == []  # the specification has no such check
    gate = text.replace("  s -> a", "  b [shape=hexagon]\n  s -> a")
    assert "a human gate (`b`) can leave it" in lint_message(gate, "DIP005")
    way_out = text.replace("  b -> a\n", '  b -> a\n  a -> e [condition="outcome=fail"]\n')
    assert check(way_out, "DIP005") == [Finding("DIP005", "error", (6, 3), (6, 9), "b -> a")]
    assert lint_message(way_out, "DIP005") == (
        "unconditional cycle: a → b → a — no edge in it has a condition: `a -> e` leaves it "
        "when its condition holds, yet tracker refuses the graph (`graph contains a cycle`: its "
        "check only looks for a cycle of edges without conditions); put a condition on the "
        "edge that loops back"
    )


def _out_of_a(*edges: str) -> Template:
    """A pipeline `s -> a` whose node `a` leaves by ``edges`` (DOT statements), on lines 6
    and after."""
    lines = "".join(f"  {edge}\n" for edge in edges)
    return template(
        'digraph P {\n  node [shape=box, prompt="p"]\n  s [shape=Mdiamond]\n'
        f"  e [shape=Msquare]\n  s -> a\n{lines}}}\n"
    )


def test_conditions_are_checked_with_the_runtime_s_syntax() -> None:
    text = _out_of_a(
        'a -> e [condition="outcome=success || context.done"]',
        'a -> a [condition="outcome=fail"]',
    )
    # tracker: `context.done` has no operator; the Attractor language: no `||` at all
    assert check(text, "DIP010") == [Finding("DIP010", "error", (6, 41), (6, 53), "context.done")]
    assert check(text, "DIP010", config=ATTRACTOR) == [
        Finding("DIP010", "error", (6, 38), (6, 40), "||")
    ]
    fixed = text.replace(" || context.done", "")
    assert check(fixed, "DIP010") == check(fixed, "DIP010", config=ATTRACTOR) == []
    # `a=b && c` is fine for Attractor (a bare key is a truthy test), not for tracker
    bare = text.replace("outcome=success || context.done", "outcome=success && context.done")
    assert check(bare, "DIP010", config=ATTRACTOR) == []
    assert [item.text for item in check(bare, "DIP010")] == ["context.done"]


def test_an_empty_operand_is_placed_at_its_operator() -> None:
    # it was placed one column early, on the space before the operator
    text = _out_of_a(
        'a -> e [condition="outcome=fail ||"]',
        'a -> e [condition="outcome=fail &&  && context.x=1"]',
        'a -> e [condition="|| outcome=fail"]',
        "a -> e",
    )
    assert [(item.start, item.end, item.text) for item in check(text, "DIP010")] == [
        ((6, 35), (6, 37), "||"),
        ((7, 35), (7, 37), "&&"),
        ((8, 22), (8, 24), "||"),
    ]
    assert all(item.severity == "error" for item in check(text, "DIP010"))
    fixed = text.replace(" ||", "").replace("&&  &&", "&&").replace("|| ", "")
    assert check(fixed, "DIP010") == []


def test_a_regex_go_does_not_compile_is_an_invalid_condition() -> None:
    # tracker's validate reports `invalid regex %q in condition` (reference §4.3), and the
    # run fails where the condition is evaluated (§5.2); it was not reported
    text = _out_of_a(
        'a -> e [condition="tool_stdout matches \\"[unclosed\\""]',
        'a -> e [condition="tool_stdout matches \\"(?<=x)y\\""]',
        "a -> e",
    )
    assert check(text, "DIP010") == [
        Finding("DIP010", "error", (6, 22), (6, 55), 'tool_stdout matches \\"[unclosed\\"'),
        Finding("DIP010", "error", (7, 22), (7, 53), 'tool_stdout matches \\"(?<=x)y\\"'),
    ]
    found = [item for item in run(text, "<test>.dot").diagnostics if item.code == "DIP010"]
    assert 'invalid regex "[unclosed" in condition: missing ]' in found[0].message
    assert 'invalid regex "(?<=x)y" in condition' in found[1].message
    # a range ending in an escaped quote covers the whole escape (it stopped at the backslash)
    numeric = text.replace('tool_stdout matches \\"[unclosed\\"', 'ctx.n > \\"x\\"')
    assert check(numeric, "DIP010")[0] == Finding(
        "DIP010", "error", (6, 22), (6, 35), 'ctx.n > \\"x\\"'
    )
    # the twin: patterns Go compiles, \\pL included (Python's re refuses it)
    good = text.replace("[unclosed", "^v[0-9]+$").replace("(?<=x)y", "\\\\pL+")
    assert check(good, "DIP010") == []
    # nor one RE2 finds too large where Go compiles it (RE2 spells `\\p{L}` out in bytes)
    large = text.replace("[unclosed", "^[\\\\p{L}\\\\p{N}_-]{1,500}$").replace("(?<=x)y", "ok")
    assert check(large, "DIP010") == []


def test_a_value_with_blanks_is_read_as_tracker_reads_it() -> None:
    # dippin's grammar cannot read `context.x = a b`; tracker can (the right side is all that
    # follows the operator, docs/runtime/conditions.md): the key it reads was never reported
    text = _out_of_a(
        'a -> e [condition="context.x = a b"]',
        'a -> e [condition="outcome=success && context.y != two words"]',
        'a -> e [condition="not context.z not contains a b || outcome=fail"]',
        "a -> e",
    )
    assert check(text, "DC101", "DIP010") == [
        Finding("DC101", "error", (6, 22), (6, 31), "context.x"),
        Finding("DC101", "error", (7, 41), (7, 50), "context.y"),
        Finding("DC101", "error", (8, 26), (8, 35), "context.z"),
    ]
    # the twin: written by `a`, the keys are known
    written = text.replace('prompt="p"]', 'prompt="p", writes="x,y,z"]')
    assert check(written, "DC101", "DC102", "DIP010") == []


def test_graph_retry_targets_name_nodes() -> None:
    text = ENDS.replace(
        'node [shape=box, prompt="p"]',
        'graph [retry_target="plann"]\n  node [shape=box, prompt="p"]',
    )
    assert check(text, "DC010") == [Finding("DC010", "error", (2, 24), (2, 29), "plann")]
    assert check(text.replace("plann", "a"), "DC010") == []


# -- DOT the runtime reads differently, by dialect ---------------------------------------------


def test_dot_syntax_the_runtimes_do_not_read() -> None:
    text = template(
        """
        digraph P {
          node [shape=box, prompt="a " + "b"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          s -> { x y }
          x -> e
          y -> e
        }
        """
    )
    assert check(text, "DC011") == [
        Finding("DC011", "error", (2, 27), (2, 37), '"a " + "b"'),
        Finding("DC011", "error", (5, 8), (5, 15), "{ x y }"),
    ]
    assert check(text, "DC011", config=ATTRACTOR) == []
    strict = text.replace("digraph P", "strict digraph P")
    assert check(strict, "DC011", config=ATTRACTOR) == [
        Finding("DC011", "error", (1, 1), (1, 7), "strict")
    ]


def test_an_edge_into_the_start_node_is_refused_by_attractor_only() -> None:
    text = ENDS.replace("s -> a -> e", 's -> a -> e\n  a -> s [condition="outcome=fail"]')
    assert check(text, "DC312", config=ATTRACTOR) == [
        Finding("DC312", "error", (6, 8), (6, 9), "s")
    ]
    assert check(text, "DC312") == []  # tracker: a restart through the passthrough start
    assert check(ENDS, "DC312", config=ATTRACTOR) == []


def test_outcome_compared_with_a_value_no_status_has() -> None:
    text = ENDS.replace("s -> a -> e", 's -> a -> e\n  a -> a [condition="outcome=disagree"]')
    assert check(text, "DC313") == [Finding("DC313", "warning", (6, 30), (6, 38), "disagree")]
    assert check(text.replace("disagree", "fail"), "DC313") == []
    typo = check(text.replace("disagree", "failure"), "DC313")
    assert [item.text for item in typo] == ["failure"]
    assert "did you mean `fail`?" in lint_message(text.replace("disagree", "failure"), "DC313")


def test_outcome_values_are_checked_in_dip_files_too() -> None:
    source = template(
        """
        workflow W
          start: A
          exit: B
          agent A
            prompt: a
          agent B
            prompt: b
          edges
            A -> B  when ctx.outcome = approved
            A -> B
        """
    )
    assert only(lint(source), "DC313") == [
        Finding("DC313", "warning", (9, 32), (9, 40), "approved")
    ]
    assert only(lint(source.replace("approved", "success")), "DC313") == []


def test_outcome_values_out_of_a_success_only_node_are_dc303s() -> None:
    source = template(
        """
        workflow W
          start: A
          exit: B
          human A
            label: Ship?
          agent B
            prompt: b
          edges
            A -> B  when ctx.outcome = approved
            A -> B
        """
    )
    assert only(lint(source), "DC303", "DC313") == [
        Finding("DC303", "warning", (9, 18), (9, 40), "ctx.outcome = approved")
    ]
    agent = source.replace("human A\n    label: Ship?", "agent A\n    prompt: a")
    assert only(lint(agent), "DC303", "DC313") == [
        Finding("DC313", "warning", (9, 32), (9, 40), "approved")
    ]


def test_unsafe_tool_command_key_inside_an_escaped_command() -> None:
    text = ENDS.replace(
        "s -> a -> e",
        't [shape=parallelogram, tool_command="echo \\"${ctx.plan}\\""]\n  s -> a -> t -> e',
    ).replace('prompt="p"]', 'prompt="p", writes="plan"]')
    assert check(text, "DC201") == [Finding("DC201", "error", (5, 48), (5, 59), "${ctx.plan}")]


# -- availability: the same graph under tracker and under the typed-outputs engine ----------------

BRANCHES = template(
    """
    digraph P {
      node [shape=box]
      s [shape=Mdiamond]
      e [shape=Msquare]
      a [prompt="a", writes="x"]
      b [prompt="b"]
      r [prompt="use ${ctx.x}"]
      s -> a [condition="outcome=success"]
      s -> b
      a -> r
      b -> r
      r -> e
    }
    """
)


def test_not_on_every_path_is_an_error_for_the_typed_outputs_engine() -> None:
    assert check(BRANCHES, "DC104") == [Finding("DC104", "warning", (7, 18), (7, 26), "${ctx.x}")]
    assert check(BRANCHES, "DC104", config=TYPED) == [
        Finding("DC104", "error", (7, 18), (7, 26), "${ctx.x}")
    ]
    twin = BRANCHES.replace('b [prompt="b"]', 'b [prompt="b", writes="x"]')
    assert check(twin, "DC104") == check(twin, "DC104", config=TYPED) == []


RESTART = template(
    """
    digraph P {
      node [shape=box]
      s [shape=Mdiamond]
      e [shape=Msquare]
      w [prompt="w", writes="x"]
      r [prompt="use ${ctx.x}"]
      fix [prompt="fix"]
      s -> w -> r -> e
      r -> fix [condition="outcome=fail"]
      fix -> r [loop_restart=true]
    }
    """
)


def test_loop_restart_clears_the_iteration_context_in_the_typed_outputs_engine() -> None:
    assert check(RESTART, "DC104") == []  # tracker ignores loop_restart: x is still there
    assert check(RESTART, "DC104", config=TYPED) == [
        Finding("DC104", "error", (6, 18), (6, 26), "${ctx.x}")
    ]
    assert "loop_restart=true` clears the iteration context" in next(
        item.message
        for item in __import__("helpers").run(RESTART, "<test>.dot", config=TYPED).diagnostics
        if item.code == "DC104"
    )
    # an input survives the restart
    kept = RESTART.replace("  node [shape=box]", '  graph [inputs="x"]\n  node [shape=box]')
    assert check(kept.replace(', writes="x"', ""), "DC104", config=TYPED) == []


JOIN = template(
    """
    digraph P {
      node [shape=box]
      s [shape=Mdiamond]
      e [shape=Msquare]
      f [shape=component]
      j [shape=tripleoctagon]
      a [prompt="a", writes="x"]
      b [prompt="b", writes="x"]
      r [prompt="use ${ctx.x}"]
      s -> f
      f -> a
      f -> b
      a -> j
      b -> j
      j -> r -> e
    }
    """
)


def test_the_typed_outputs_join_does_not_merge_branch_outputs() -> None:
    assert check(JOIN, "DC104") == []  # tracker's fan_in merges the branches' writes
    assert check(JOIN, "DC104", config=TYPED) == [
        Finding("DC104", "error", (9, 18), (9, 26), "${ctx.x}")
    ]
    through = JOIN.replace("use ${ctx.x}", "use ${ctx.parallel.results}")
    assert check(through, "DC104", "DC101", "DC102", config=TYPED) == []


# -- the typed-outputs engine's own checks ------------------------------------------------------

TYPED_PIPELINE = template(
    """
    digraph Review {
      graph [goal="Review", inputs="work"]
      node [shape=box]
      start [shape=Mdiamond]
      exit [shape=Msquare]
      review [outputs="verdict:choice(approve|revise)", prompt="Review {{ inputs.work }}"]
      build [shape=parallelogram, tool_command="make"]
      repair [prompt="Repair: {{ context.failure_reason }}"]
      start -> review
      review -> build [condition="context.verdict=approve"]
      review -> review [condition="context.verdict=revise"]
      build -> exit [condition="outcome=success"]
      build -> repair [condition="outcome=fail"]
      repair -> build
    }
    """
)


def test_the_typed_pipeline_is_clean() -> None:
    assert lint(TYPED_PIPELINE, "<test>.dot") == []


def test_failure_reason_only_where_a_failure_leads() -> None:
    text = TYPED_PIPELINE.replace("  repair -> build", "  repair -> build\n  review -> repair")
    assert check(text, "DC110") == [
        Finding("DC110", "error", (8, 27), (8, 55), "{{ context.failure_reason }}")
    ]
    condition = TYPED_PIPELINE.replace(
        'build -> exit [condition="outcome=success"]',
        'build -> exit [condition="context.failure_reason contains flaky"]',
    )
    assert check(condition, "DC110") == [
        Finding("DC110", "error", (12, 29), (12, 51), "context.failure_reason")
    ]
    fine = condition.replace(
        "context.failure_reason contains", "outcome=fail && context.failure_reason contains"
    )
    assert check(fine, "DC110") == []


def test_a_choice_output_routed_on_an_undeclared_value() -> None:
    text = TYPED_PIPELINE.replace("verdict=revise", "verdict=revize")
    assert check(text, "DC311") == [Finding("DC311", "error", (11, 48), (11, 54), "revize")]
    assert check(TYPED_PIPELINE, "DC311") == []


def test_a_read_nobody_declares_is_an_error_in_the_typed_outputs_engine() -> None:
    text = TYPED_PIPELINE.replace("Review {{ inputs.work }}", "Review {{ context.wrok }}")
    (found,) = check(text, "DC101", "DC102")
    assert found == Finding("DC101", "error", (6, 68), (6, 86), "{{ context.wrok }}")
    assert "did you mean `work`?" in lint_message(text, "DC101")
    assert check(TYPED_PIPELINE.replace("inputs.work", "context.work"), "DC101", "DC102") == []


def test_step_workflow_results_are_not_stage_statuses() -> None:
    from helpers import FIXTURES

    text = (FIXTURES / "steps" / "spec_driven.yaml").read_text(encoding="utf-8")
    assert "on_result: approved" in text
    assert only(lint(text, str(FIXTURES / "steps" / "spec_driven.yaml")), "DC313") == []


# -- tool commands whose failure cannot show (amplifier's CMD-001, CMD-002) -------------------

TOOL = template(
    """
    digraph P {
      node [shape=box, prompt="p"]
      s [shape=Mdiamond]
      e [shape=Msquare]
      t [shape=parallelogram, tool_command="set -e\\nmake build\\nmake test || true"]
      s -> t
      t -> e [condition="outcome=success"]
      t -> fix [condition="outcome=fail"]
      fix -> t
    }
    """
)


def test_a_command_that_always_succeeds_makes_its_failure_route_dead() -> None:
    assert check(TOOL, "DC211") == [Finding("DC211", "warning", (5, 74), (5, 78), "true")]
    assert check(TOOL.replace(" || true", ""), "DC211") == []
    assert [item.text for item in check(TOOL.replace(" || true", "\\nexit 0"), "DC211")] == [
        "exit 0"
    ]
    # no route waits for the failure: nothing to report
    assert check(TOOL.replace('  t -> fix [condition="outcome=fail"]\n', ""), "DC211") == []


def test_a_pipeline_that_hides_the_failure_of_its_first_command() -> None:
    text = TOOL.replace("make test || true", "go test ./... 2>&1 | tee test.log")
    assert check(text, "DC212") == [
        Finding("DC212", "warning", (5, 61), (5, 79), "go test ./... 2>&1")
    ]
    assert check(text.replace("set -e", "set -eo pipefail"), "DC212") == []
    assert check(text.replace(" | tee test.log", " > test.log"), "DC212") == []


def test_the_same_checks_in_dip_files() -> None:
    source = template(
        """
        workflow W
          start: A
          exit: B
          agent A
            prompt: a
          tool T
            command:
              make test | tail -5
            timeout: 5m
          agent B
            prompt: b
          edges
            A -> T
            T -> B  when ctx.outcome = success
            T -> A  when ctx.outcome = fail
        """
    )
    assert only(lint(source), "DC212") == [
        Finding("DC212", "warning", (8, 7), (8, 16), "make test")
    ]


def test_every_dot_graph_attribute_is_a_graph_variable() -> None:
    """tracker seeds `graph.<k>` for every graph attribute of a DOT file (glimpser-port.dot
    reads its own `target_name`), so only names no attribute sets expand to nothing."""
    text = ENDS.replace(
        'node [shape=box, prompt="p"]',
        'graph [target_name="glimpser-go"]\n  node [shape=box, prompt="p ${graph.target_name}"]',
    )
    assert check(text, "DC305") == []
    typo = check(text.replace("${graph.target_name}", "${graph.target_nam}"), "DC305")
    assert typo == [Finding("DC305", "warning", (3, 30), (3, 49), "${graph.target_nam}")]

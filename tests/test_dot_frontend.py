"""The DOT front-end: every construct lowers into the model as tracker's loader reads it (or as
the Attractor family does under that dialect), with exact spans — including references inside
quoted, escaped strings — and loader problems are findings with exact ranges, never fatal."""

from __future__ import annotations

import pytest
from helpers import Finding, as_finding, dedent, lint, only, position, run, template

from dipcheck.analysis import runtime
from dipcheck.config import Config, ConfigError, parse_config
from dipcheck.engine import lint_text
from dipcheck.frontends import dot
from dipcheck.model import Dialect, NodeKind, RefKind, Workflow
from dipcheck.source import Span

LOADING = ("DC001", "DC004", "DC005", "DC006", "DC011")


def load(text: str, config: Config | None = None) -> Workflow:
    """Lower DOT ``text``; the fixture must load without any loading finding."""
    result = run(text, "<test>.dot", config=config)
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == []
    assert result.workflow is not None
    return result.workflow


def dialect(name: str) -> Config:
    return parse_config({"dialect": {"*.dot": name}}, "dipcheck.toml")


def loading(text: str, config: Config | None = None) -> list[Finding]:
    return only(lint(text, "<test>.dot", config=config), *LOADING)


# -- shapes, types and handlers ------------------------------------------------------------


def test_shapes_and_types_select_kinds_and_handlers_as_tracker_maps_them() -> None:
    workflow = load(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="x"]
          h [shape=hexagon, label="Ok?"]
          t [shape=parallelogram, tool_command="make"]
          f [shape=component]
          j [shape=tripleoctagon]
          c [shape=diamond]
          cp [shape=diamond, prompt="judge"]
          ct [shape=diamond, tool_command="test -f x"]
          m [shape=house, subgraph_ref="child.dip"]
          g [shape=tab, subgraph_ref="child.dip"]
          w [shape=box, type="wait.human"]
          s -> a -> h -> t -> f -> j -> c -> cp -> ct -> m -> g -> w -> e
        }
        """
    )
    got = {
        node.id: (node.kind, runtime.handler_of(node, workflow).value) for node in workflow.nodes
    }
    assert got == {
        "s": (NodeKind.AGENT, "start"),
        "e": (NodeKind.AGENT, "exit"),
        "a": (NodeKind.AGENT, "codergen"),
        "h": (NodeKind.HUMAN, "wait.human"),
        "t": (NodeKind.TOOL, "tool"),
        "f": (NodeKind.PARALLEL, "parallel"),
        "j": (NodeKind.FAN_IN, "parallel.fan_in"),
        "c": (NodeKind.CONDITIONAL, "conditional"),
        "cp": (NodeKind.AGENT, "codergen"),  # a diamond with a prompt (applyDiamondOverrides)
        "ct": (NodeKind.TOOL, "tool"),  # a diamond with a tool_command
        "m": (NodeKind.MANAGER_LOOP, "stack.manager_loop"),
        "g": (NodeKind.SUBGRAPH, "subgraph"),
        "w": (NodeKind.HUMAN, "wait.human"),  # `type` overrides the shape
    }
    assert workflow.start == "s" and workflow.exit == "e"
    start = workflow.header_field("start")
    assert start is not None and start.value_span.text == "s" and start.key_span.text == "Mdiamond"
    # the model keeps .dip field names, the spans point at what the file says
    tool = workflow.node_map["t"].get("command")
    assert tool is not None and tool.key_span.text == "tool_command" and tool.text == "make"
    assert workflow.node_map["m"].get("subgraph_ref") is not None
    assert workflow.node_map["g"].get("ref") is not None


def test_a_start_shape_wins_over_a_prompt() -> None:
    """tracker runs the start handler for an Mdiamond node whatever it carries."""
    workflow = load('digraph P { s [shape=Mdiamond, prompt="ignored"]  e [shape=Msquare]  s -> e }')
    node = workflow.node_map["s"]
    assert runtime.handler_of(node, workflow) is runtime.Handler.START


def test_unknown_shapes_and_types_are_invalid_values() -> None:
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=elipse, prompt="x"]
          b [shape=box, type="wait.humn", prompt="y"]
          s -> a -> b -> e
        }
        """
    )
    assert loading(source) == [
        Finding("DC005", "error", (4, 12), (4, 18), "elipse"),
        Finding("DC005", "error", (5, 22), (5, 33), '"wait.humn"'),
    ]
    assert "did you mean `wait.human`?" in lint_text(dedent(source), "p.dot").diagnostics[1].message
    fixed = source.replace("elipse", "ellipse").replace("ellipse", "box").replace("humn", "human")
    assert loading(fixed) == []


def test_a_node_without_a_shape_is_refused_by_tracker_and_a_box_for_attractor() -> None:
    source = (
        'digraph P {\n  s [shape=Mdiamond]\n  e [shape=Msquare]\n  a [prompt="x"]\n'
        "  s -> a -> e\n}\n"
    )
    assert loading(source) == [Finding("DC005", "error", (4, 3), (4, 4), "a")]
    workflow = load(source, dialect("attractor"))
    assert workflow.node_map["a"].kind is NodeKind.AGENT
    assert workflow.node_map["a"].handler == "codergen"
    # defaults give the shape under every dialect
    assert loading(source.replace("  a [", "  node [shape=box]\n  a [")) == []


def test_tracker_checks_the_shape_whatever_the_type_and_as_written() -> None:
    """validateShapes checks every node's shape with ShapeToHandler, the `type` aside, and
    compares it as written: a typed node without a workflow shape, or `"box "`, is refused."""
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [type="tool", tool_command="echo hi", timeout="60s"]
          b [shape=circle, type="codergen", prompt="hi"]
          c [shape="box ", prompt="hi"]
          s -> a -> b -> c -> e
        }
        """
    )
    found = run(source, "<test>.dot").diagnostics
    assert only([as_finding(item) for item in found], *LOADING) == [
        Finding("DC005", "error", (4, 3), (4, 4), "a"),
        Finding("DC005", "error", (5, 12), (5, 18), "circle"),
        Finding("DC005", "error", (6, 12), (6, 18), '"box "'),
    ]
    messages = [item.message for item in found if item.code == "DC005"]
    assert "`shape=parallelogram` selects `tool`" in messages[0]
    assert "`shape=box` selects `codergen`" in messages[1]
    assert "blanks included: write `box`" in messages[2]
    fixed = (
        source.replace('a [type="tool"', 'a [shape=parallelogram, type="tool"')
        .replace("shape=circle", "shape=box")
        .replace('"box "', '"box"')
    )
    assert loading(fixed) == []
    # the Attractor family goes by the type, and reads a shapeless node as a box
    assert loading(source.replace('"box "', "box"), dialect("attractor")) == []


def test_attractor_start_and_exit_by_id_and_prompt_from_label() -> None:
    workflow = load(
        'digraph P {\n  start\n  exit\n  plan [label="Plan the work"]\n'
        "  start -> plan -> exit\n}\n",
        dialect("attractor"),
    )
    assert workflow.start == "start" and workflow.exit == "exit"
    prompt = workflow.node_map["plan"].get("prompt")
    assert prompt is not None and prompt.text == "Plan the work"  # prompt falls back to label


# -- defaults, merging, chained edges, subgraphs --------------------------------------------


def test_defaults_apply_to_later_nodes_of_their_scope_only() -> None:
    workflow = load(
        """
        digraph P {
          early [shape=box, prompt="e"]
          node [shape=box, timeout="900s"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          late [prompt="l", timeout="5m"]
          subgraph cluster_x {
            node [fidelity="full"]
            inner [prompt="i"]
          }
          after [prompt="a"]
          s -> early -> late -> inner -> after -> e
        }
        """
    )
    nodes = workflow.node_map
    assert nodes["early"].get("timeout") is None  # declared before the default
    assert nodes["late"].value("timeout") == "5m"  # a default never overrides the node
    inherited = nodes["s"].get("timeout")
    assert inherited is not None and inherited.text == "900s"
    assert inherited.key_span.source.line_of(inherited.key_span.start) == 2  # the default line
    assert nodes["inner"].value("fidelity") == "full" and nodes["inner"].value("timeout") == "900s"
    assert nodes["after"].get("fidelity") is None  # the subgraph's default stays inside


def test_node_statements_merge_and_edge_statements_create_nodes_with_defaults() -> None:
    workflow = load(
        """
        digraph P {
          node [shape=box]
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [prompt="first"]
          a [prompt="second", label="A"]
          s -> a -> b -> e
        }
        """
    )
    a = workflow.node_map["a"]
    assert a.value("prompt") == "second" and a.value("label") == "A"
    assert [mention.span.text for mention in workflow.mentions] == ["a"]
    assert position(workflow.mentions[0].span) == ((6, 3), (6, 4))
    assert workflow.node_map["b"].kind is NodeKind.AGENT  # created by the edge, shape=box
    edges = [(edge.source.value, edge.target.value, edge.span.text) for edge in workflow.edges]
    assert edges == [("s", "a", "s -> a"), ("a", "b", "a -> b"), ("b", "e", "b -> e")]


def test_chained_edge_attributes_apply_to_every_hop() -> None:
    workflow = load(
        'digraph P {\n  node [shape=box, prompt="p"]\n  s [shape=Mdiamond]\n  e [shape=Msquare]\n'
        '  s -> a -> e [condition="outcome=success", weight=3]\n}\n'
    )
    for edge in workflow.edges:
        assert edge.condition is not None and edge.condition.raw == "outcome=success"
        assert edge.attr_value("weight") == "3"


def test_parallel_members_come_from_edges() -> None:
    workflow = load(
        """
        digraph P {
          node [shape=box, prompt="p"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          fork [shape=component]
          join [shape=tripleoctagon]
          s -> fork
          fork -> a
          fork -> b
          a -> join
          b -> join
          join -> e
        }
        """
    )
    assert [member.value for member in workflow.node_map["fork"].members] == ["a", "b"]
    assert [member.value for member in workflow.node_map["join"].members] == ["a", "b"]


SUBGRAPH_ATTRS = """
digraph P {
  graph [label="Pipeline"]
  node [shape=box, prompt="p"]
  s [shape=Mdiamond]
  e [shape=Msquare]
  subgraph cluster_b {
    label="Backend Tasks"
    a
  }
  s -> a -> e
}
"""


def test_subgraph_attributes_are_graph_attributes_for_tracker_and_scoped_for_attractor() -> None:
    tracker = load(SUBGRAPH_ATTRS)
    label = tracker.header_field("label")
    assert label is not None and label.text == "Backend Tasks"  # tracker's collector
    assert tracker.node_map["a"].get("class") is None
    attractor = load(SUBGRAPH_ATTRS, dialect("attractor"))
    label = attractor.header_field("label")
    assert label is not None and label.text == "Pipeline"
    derived = attractor.node_map["a"].get("class")
    assert derived is not None and derived.text == "backend-tasks"  # Attractor §2: label → class


def test_graph_attributes_map_to_header_defaults_and_vars() -> None:
    workflow = load(
        """
        digraph P {
          graph [goal="Ship", default_max_retry=2, fallback_target="e", llm_model="m1"]
          "params.branch"="main"
          node [shape=box, prompt="$goal on ${params.branch}"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          s -> a -> e
        }
        """
    )
    assert workflow.header_field("goal") is not None
    assert workflow.default_value("max_retries") == "2"
    assert workflow.default_value("on_failure") == "e"
    assert workflow.default_value("model") == "m1"
    assert [(item.key, item.text) for item in workflow.vars] == [("branch", "main")]
    kinds = {(ref.kind, ref.key) for ref in workflow.references}
    assert (RefKind.VAR, "goal") in kinds and (RefKind.PARAMS, "branch") in kinds


# -- strings: escapes, concatenation, exact spans ---------------------------------------------


def test_references_inside_escaped_strings_have_exact_ranges() -> None:
    source = dedent(
        r"""
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="Say \"hi\"\n\tthen ${ctx.plan} and \\${ctx.next}"]
          s -> a -> e
        }
        """
    )
    result = lint_text(source, "p.dot")
    assert result.workflow is not None
    prompt = result.workflow.node_map["a"].value("prompt")
    assert prompt == 'Say "hi"\n\tthen ${ctx.plan} and \\${ctx.next}'
    refs = [(ref.key, position(ref.span), ref.span.text) for ref in result.workflow.references]
    assert refs == [
        ("plan", ((4, 44), (4, 55)), "${ctx.plan}"),
        ("next", ((4, 62), (4, 73)), "${ctx.next}"),
    ]
    # tracker keeps backslashes it does not know, so `\\$` is a backslash then `${…}`
    assert [item.code for item in result.diagnostics] == ["DC102", "DC102"]


def test_multi_line_strings_and_concatenation_map_back_to_the_file() -> None:
    source = 'digraph P {\n  a [shape=box, prompt="one\n${ctx.x}" + "two ${ctx.y}"]\n}\n'
    result = lint_text(source, "p.dot", dialect("attractor"))
    assert result.workflow is not None
    assert result.workflow.node_map["a"].value("prompt") == "one\n${ctx.x}two ${ctx.y}"
    spans = [(ref.key, position(ref.span)) for ref in result.workflow.references]
    assert spans == [("x", ((3, 1), (3, 9))), ("y", ((3, 18), (3, 26)))]
    tracker = [as_finding(item) for item in lint_text(source, "p.dot").diagnostics]
    (joined,) = only(tracker, "DC011")
    assert (joined.start, joined.end) == ((2, 24), (3, 27))
    assert joined.text.startswith('"one') and joined.text.endswith('${ctx.y}"')


# -- syntax errors ---------------------------------------------------------------------------


def test_every_syntax_error_is_reported_and_the_rest_still_checked() -> None:
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt=]
          b [shape=box prompt="ok" timout="5m"]
          c -> -> b
          d [shape=box, prompt="x" @]
          s -> b -> e
        }
        """
    )
    found = lint(source, "p.dot")
    assert only(found, "DC001") == [
        Finding("DC001", "error", (4, 24), (4, 25), "]"),
        Finding("DC001", "error", (6, 8), (6, 10), "->"),
        Finding("DC001", "error", (7, 28), (7, 29), "@"),
    ]
    assert only(found, "DC004") == [Finding("DC004", "warning", (5, 28), (5, 34), "timout")]


def test_unclosed_brackets_point_at_the_opening_one() -> None:
    assert only(
        lint('digraph P {\n  a [shape=box, prompt="x"\n  b [shape=box]\n}\n', "p.dot"), "DC001"
    ) == [Finding("DC001", "error", (2, 5), (2, 6), "[")]
    assert only(lint('digraph P {\n  a [shape=box, prompt="x"]\n', "p.dot"), "DC001") == [
        Finding("DC001", "error", (1, 11), (1, 12), "{")
    ]
    unterminated = lint('digraph P {\n  a [shape=box, prompt="x]\n}\n', "p.dot")
    assert only(unterminated, "DC001") == [Finding("DC001", "error", (2, 24), (2, 25), '"')]


def test_a_second_graph_is_an_error() -> None:
    source = "digraph A {\n  a [shape=Mdiamond]\n}\ndigraph B {\n  b [shape=Msquare]\n}\n"
    assert only(lint(source, "p.dot"), "DC001") == [
        Finding("DC001", "error", (4, 1), (4, 10), "digraph B")
    ]


@pytest.mark.parametrize("direct", [True, False])
def test_a_separator_gographviz_refuses_in_an_attribute_list(
    direct: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gographviz takes `,` between two attributes only (dot.bnf `AList : Attr | AList Attr
    | AList "," Attr`): a `,` before the `]` or a `;` in the list is a parse error, read
    alike from the tokens and from the tree; Graphviz and the Attractor family read them."""
    monkeypatch.setattr(dot, "DIRECT", direct)
    source = template(
        """
        digraph P {
          s [shape=Mdiamond,]
          a [shape=box; prompt="hi"]
          e [shape=Msquare;]
          s -> a -> e [label="go",][weight=1 , ]
        }
        """
    )
    assert loading(source) == [
        Finding("DC001", "error", (2, 20), (2, 21), ","),
        Finding("DC001", "error", (3, 15), (3, 16), ";"),
        Finding("DC001", "error", (4, 19), (4, 20), ";"),
        Finding("DC001", "error", (5, 26), (5, 27), ","),
        Finding("DC001", "error", (5, 38), (5, 39), ","),
    ]
    found = [item for item in lint_text(dedent(source), "p.dot").diagnostics]
    assert "fails to load (`DOT parse error`)" in found[0].message
    assert [[edit.text for edit in item.fix.edits] for item in found if item.fix] == [
        [""],
        [","],
        [""],
        [""],
        [""],
    ]
    fixed = source.replace(",]", "]").replace("; ", ", ").replace(";]", "]").replace(" , ]", " ]")
    assert loading(fixed) == []
    assert loading(source, dialect("attractor")) == []


@pytest.mark.parametrize("direct", [True, False])
def test_a_node_id_quoted_in_one_place_only_is_two_nodes_to_tracker(
    direct: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gographviz and tracker's collector key nodes by the id as written, quotes included
    (pipeline/parser.go nodeIndex); Graph.AddNode then stores both under the id without
    quotes, the spelling met last replacing the other (harness: c/quoted_decl.dot,
    c/quoted_dup.dot)."""
    monkeypatch.setattr(dot, "DIRECT", direct)
    source = template(
        """
        digraph P {
          "s" [shape=Mdiamond]
          "a" [shape=box, prompt="hi"]
          "e" [shape=Msquare]
          s -> a -> e
        }
        """
    )
    assert loading(source) == [
        Finding("DC011", "error", (5, 3), (5, 4), "s"),
        Finding("DC011", "error", (5, 8), (5, 9), "a"),
        Finding("DC011", "error", (5, 13), (5, 14), "e"),
    ]
    found = lint_text(dedent(source), "p.dot").diagnostics
    assert [item.message for item in found if item.code == "DC011"][1] == (
        'tracker keys nodes by the id as written, quotes included: `a` here and `"a"` '
        "(line 3) are two nodes to it, and the one written `a` replaces the other, so "
        'tracker\'s node `a` has no shape (tracker refuses it: `unrecognized shape ""`), and '
        "lacks `prompt` — write the id the same way everywhere"
    )
    assert loading(source.replace("s -> a -> e", '"s" -> "a" -> "e"')) == []
    assert loading(source.replace('"', "").replace("prompt=hi", 'prompt="hi"')) == []
    assert loading(source, dialect("attractor")) == []
    # the other way round: the quoted spelling comes second and wins, with only its prompt
    later = (
        source.replace('"s"', "s")
        .replace('"e"', "e")
        .replace('"a" [shape=box, ', 'a [shape=box]\n  "a" [')
    )
    assert loading(later) == [Finding("DC011", "error", (4, 3), (4, 6), '"a"')]
    # the spelling that wins has every attribute: tracker loads what is written
    assert loading(later.replace('"a" [', '"a" [shape=box, ')) == []
    # it gets the defaults, not the other spelling's prompt: the node runs without it
    defaults = source.replace("digraph P {", "digraph P {\n  node [shape=box]").replace(
        '"a" [shape=box, ', '"a" ['
    )
    assert loading(defaults.replace('"s"', "s").replace('"e"', "e")) == [
        Finding("DC011", "warning", (6, 8), (6, 9), "a")
    ]


@pytest.mark.parametrize("mark", ["//", "#"])
def test_a_line_comment_on_an_unended_last_line_stops_tracker(mark: str) -> None:
    """gographviz ends a `//` or `#` comment at a line break only (dot.bnf `_line_comment`):
    on the last line of a file without a final line break it is a parse error (harness:
    c/comment_eof_nonl.dot, c/hash_eof.dot); with the line break, or elsewhere, it is not."""
    source = dedent(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          s -> e
        }
        """
    )
    unended = f"{source}{mark} end"
    assert loading(unended) == [
        Finding("DC001", "error", (6, 1), (6, 1 + len(mark) + 4), f"{mark} end")
    ]
    [found] = [item for item in lint_text(unended, "p.dot").diagnostics if item.code == "DC001"]
    assert found.fix is not None and [edit.text for edit in found.fix.edits] == ["\n"]
    assert loading(f"{unended}\n") == []
    assert loading(source.replace("s -> e", f"s -> e {mark} end").rstrip("\n")) == []
    assert loading(unended, dialect("attractor")) == []


# -- attributes ------------------------------------------------------------------------------


def test_unknown_attributes_suggest_the_known_one_and_graphviz_ones_pass() -> None:
    source = template(
        """
        digraph P {
          s [shape=Mdiamond, color=green]
          e [shape=Msquare]
          a [shape=box, promt="x", fillcolor=red, style=filled]
          s -> a [penwidth=2, labl="go"]
          a -> e
        }
        """
    )
    found = loading(source)
    assert found == [
        Finding("DC004", "warning", (4, 17), (4, 22), "promt"),
        Finding("DC004", "warning", (5, 23), (5, 27), "labl"),
    ]
    messages = [item.message for item in lint_text(dedent(source), "p.dot").diagnostics]
    assert any("did you mean `prompt`?" in message for message in messages)
    assert loading(source.replace("promt", "prompt").replace("labl", "label")) == []


def test_exporter_metadata_is_quiet_and_other_tools_names_say_what_tracker_reads() -> None:
    """tracker examples/glimpser-port.dot as exported (commit bc37420 renamed `llm_prompt` and
    `max_agent_turns`): tracker ignores them, so the prompt and the turn limit are lost."""
    source = template(
        """
        digraph P {
          graph [goal="g", context_fidelity_default="truncate", context_thread_default="t"]
          s [shape=Mdiamond, is_codergen="true", node_type="start"]
          e [shape=Msquare]
          a [shape=box, llm_prompt="Port it.", max_agent_turns="8", node_type="stack.observe"]
          s -> a -> e
        }
        """
    )
    assert loading(source) == [
        Finding("DC004", "warning", (2, 20), (2, 44), "context_fidelity_default"),
        Finding("DC004", "warning", (5, 17), (5, 27), "llm_prompt"),
        Finding("DC004", "warning", (5, 40), (5, 55), "max_agent_turns"),
    ]
    found = lint_text(dedent(source), "p.dot").diagnostics
    prompt = next(item for item in found if item.span.text == "llm_prompt")
    assert "the runtime reads `prompt` and ignores `llm_prompt`" in prompt.message
    assert prompt.fix is not None and [edit.text for edit in prompt.fix.edits] == ["prompt"]
    fixed = (
        source.replace("context_fidelity_default", "default_fidelity")
        .replace("llm_prompt", "prompt")
        .replace("max_agent_turns", "max_turns")
    )
    assert loading(fixed) == []


def test_attributes_tracker_reads_beyond_the_attractor_vocabulary_are_known() -> None:
    # pipeline/node_config.go reads these from any node's attributes
    assert (
        loading(
            """
            digraph P {
              s [shape=Mdiamond]
              e [shape=Msquare]
              a [shape=box, prompt="x", mcp_servers="fs", verify_command="make test",
                 max_cost_usd="2.5", commit_only="true", memoize="true"]
              s -> a -> e
            }
            """
        )
        == []
    )


def test_a_dotted_name_stops_tracker_from_loading_the_file() -> None:
    """gographviz reads names of letters, digits and `_`; tracker commit d4ab4d2 renamed
    `human.default_choice` to `default_choice` ("The DOT parser rejects dotted attribute
    names"). The Attractor specification allows dotted keys."""
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          g [shape=hexagon, label="Pick", human.default_choice="A"]
          s -> g
          g -> e [label="[A] Accept"]
        }
        """
    )
    assert loading(source) == [
        Finding("DC001", "error", (4, 35), (4, 55), "human.default_choice"),
    ]
    [found] = [item for item in lint_text(dedent(source), "p.dot").diagnostics]
    assert "tracker reads this value from `default_choice`" in found.message
    assert found.fix is not None and found.fix.safe
    assert [edit.text for edit in found.fix.edits] == ["default_choice"]
    assert loading(source.replace("human.default_choice", "default_choice")) == []
    assert loading(source, dialect("attractor")) == []


def test_a_dotted_graph_attribute_or_node_id_must_be_quoted() -> None:
    source = template(
        """
        digraph P {
          params.branch = "main"
          s [shape=Mdiamond]
          e [shape=Msquare]
          s -> e
        }
        """
    )
    assert loading(source) == [Finding("DC001", "error", (2, 3), (2, 16), "params.branch")]
    assert loading(source.replace("params.branch", '"params.branch"')) == []


def test_an_unquoted_id_gographviz_reads_as_several_ids() -> None:
    """gographviz's lexer reads an unquoted id as a name that does not start with a digit or as
    a number (dot.bnf `id`), each the longest it can: `1_setup` is `1` and `_setup` (two
    nodes, refused), `900s` is `900` and `s`, `gpt4.1` is `gpt4` and `.1`, `1.2.3` is `1.2`
    and `.3`. In `[…]` tracker reads the value's first id and takes the rest as attributes
    without a value (the tracker v0.64 harness loads `timeout` "900", `llm_model` "gpt4");
    a `.` no digit follows stops the file from loading."""
    source = template(
        """
        digraph P {
          version=1.2.3
          s [shape=Mdiamond]
          e [shape=Msquare]
          1_setup [shape=box, prompt="x"]
          t [shape=parallelogram, tool_command="make", timeout=900s]
          a [shape=box, prompt="y", llm_model=gpt4.1, max_retries=2x]
          b [shape=box, prompt="z", llm_model=4.1.x]
          s -> 1_setup -> t -> a -> b -> e
        }
        """
    )
    result = run(source, "<test>.dot")
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == [
        Finding("DC011", "error", (2, 11), (2, 16), "1.2.3"),
        Finding("DC011", "error", (5, 3), (5, 10), "1_setup"),
        Finding("DC005", "error", (6, 56), (6, 59), "900"),
        Finding("DC011", "warning", (6, 56), (6, 60), "900s"),
        Finding("DC011", "warning", (7, 39), (7, 45), "gpt4.1"),
        Finding("DC011", "warning", (7, 59), (7, 61), "2x"),
        Finding("DC001", "error", (8, 39), (8, 44), "4.1.x"),
        Finding("DC011", "error", (9, 8), (9, 15), "1_setup"),
    ]
    messages = {item.span.text: item.message for item in result.diagnostics}
    assert "tracker sets `version` to `1.2` and reads `.3` as a node" in messages["1.2.3"]
    assert "tracker reads the nodes `1` and `_setup` where one is written" in messages["1_setup"]
    assert "tracker reads `timeout` as `900`, and `s` as an attribute" in messages["900s"]
    assert "tracker reads `llm_model` as `gpt4`, and `.1` as an attribute" in messages["gpt4.1"]
    assert "`4.1.x` stops the file from loading" in messages["4.1.x"]
    workflow = result.workflow
    assert workflow is not None
    assert workflow.node_map["a"].value("model") == "gpt4"  # what tracker reads
    assert workflow.node_map["a"].value("max_retries") == "2"
    quoted = source.replace("2x", "2")
    for word in ("1.2.3", "1_setup", "900s", "gpt4.1", "4.1.x"):
        quoted = quoted.replace(word, f'"{word}"')
    assert loading(quoted) == []
    # Attractor-family engines read `900s` and `gpt4.1` as written
    family = source.replace("1.2.3", '"1.2.3"').replace("1_setup", "setup").replace("4.1.x", "m")
    loaded = load(family.replace("2x", "2"), dialect("attractor"))
    assert loaded.node_map["a"].value("model") == "gpt4.1"
    assert loaded.node_map["t"].value("timeout") == "900s"


def test_unquoted_ids_take_every_character_from_u0080_but_ufffd() -> None:
    """gographviz's letters (dot.bnf `_unicode_byte`) run from U+0080 to U+10FFFF but U+FFFD:
    the tracker v0.64 harness loads a node `a🚀` and refuses `a\ufffdb` (`INVALID`)."""
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a🚀 [shape=box, prompt="x"]
          s -> a🚀 -> e
        }
        """
    )
    workflow = load(source)
    assert [node.id for node in workflow.nodes] == ["s", "e", "a🚀"]
    assert loading(source.replace("🚀", "\ufffd")) == [
        Finding("DC001", "error", (4, 4), (4, 5), "\ufffd"),
        Finding("DC001", "error", (5, 9), (5, 10), "\ufffd"),
    ]


def test_a_quoted_attribute_name_is_never_read_by_tracker() -> None:
    """pipeline/parser.go matches node and edge attribute names with their quotes (graph
    attribute names are cleaned), so `"condition"=…` leaves the edge unconditional."""
    source = template(
        """
        digraph P {
          graph ["goal"="ship"]
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, "prompt"="Do it."]
          s -> a
          a -> e ["condition"="outcome=success"]
        }
        """
    )
    assert loading(source) == [
        Finding("DC011", "warning", (5, 17), (5, 25), '"prompt"'),
        Finding("DC011", "warning", (7, 11), (7, 22), '"condition"'),
    ]
    result = run(source, "<test>.dot")
    assert result.workflow is not None
    assert result.workflow.node_map["a"].get("prompt") is None
    assert [edge.condition for edge in result.workflow.edges] == [None, None]
    assert result.workflow.header_field("goal") is not None
    fixed = source.replace('"prompt"', "prompt").replace('"condition"', "condition")
    assert loading(fixed) == []
    assert loading(source, dialect("attractor")) == []


def test_attributes_a_handler_never_reads() -> None:
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="x", tool_command="make"]
          b [shape=box, prompt="y", prompt_file="p.md"]
          c [shape=box, prompt="z"]
          s -> a -> b -> c -> e
          c -> e [choice="done"]
        }
        """
    )
    assert loading(source) == [
        Finding("DC004", "warning", (4, 29), (4, 41), "tool_command"),
        Finding("DC004", "warning", (5, 29), (5, 40), "prompt_file"),
        Finding("DC004", "warning", (8, 11), (8, 17), "choice"),
    ]
    fixed = (
        source.replace('shape=box, prompt="x", tool_command', "shape=parallelogram, tool_command")
        .replace(', prompt_file="p.md"', "")
        .replace('  c -> e [choice="done"]\n', "")
    )
    assert loading(fixed) == []


def test_values_tracker_checks() -> None:
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="x", max_retries=-1, cache_tool_results="yes"]
          b [shape=box, prompt="y", context_compaction="full", context_compaction_threshold="1.5"]
          s -> a -> b -> e [weight=high]
        }
        """
    )
    assert loading(source) == [
        Finding("DC005", "error", (4, 41), (4, 43), "-1"),
        Finding("DC005", "error", (4, 64), (4, 69), '"yes"'),
        Finding("DC005", "error", (5, 48), (5, 54), '"full"'),
        Finding("DC005", "error", (5, 85), (5, 90), '"1.5"'),
        # tracker refuses the four above; a weight it reads as 0 (once for the whole chain)
        Finding("DC005", "warning", (6, 28), (6, 32), "high"),
    ]
    fixed = (
        source.replace("-1", "2")
        .replace('"yes"', "true")
        .replace('"full"', "auto")
        .replace('"1.5"', "0.5")
        .replace("high", "2")
    )
    assert loading(fixed) == []


def test_an_attribute_twice_in_one_list_is_a_duplicate_key_whose_last_value_wins() -> None:
    """gographviz's GetMap (ast.go) keeps the last value, over `[…][…]` too, and tracker loads
    the file with it: a warning, not an error."""
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="a", prompt="b"]
          c [shape=box, prompt="c"][prompt="d"]
          s -> a -> c -> e
        }
        """
    )
    assert loading(source) == [
        Finding("DC006", "warning", (4, 29), (4, 35), "prompt"),
        Finding("DC006", "warning", (5, 29), (5, 35), "prompt"),
    ]
    result = lint_text(source, "p.dot")
    assert "the last value wins" in result.diagnostics[0].message
    workflow = result.workflow
    assert workflow is not None
    assert (
        workflow.node_map["a"].value("prompt") == "b"
        and workflow.node_map["c"].value("prompt") == "d"
    )
    once = source.replace(', prompt="a"', "").replace('[prompt="d"]', "")
    assert loading(once) == []


def test_stylesheet_selectors_and_syntax() -> None:
    source = template(
        """
        digraph P {
          graph [model_stylesheet="
            * { llm_model: m1; }
            .code, #a { llm_model: m2; llm_provdier: openai; }
          "]
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="x", class="code"]
          s -> a -> e
        }
        """
    )
    result = lint_text(dedent(source), "p.dot")
    assert result.workflow is not None
    assert [item.value for item in result.workflow.selectors] == ["*", ".code", "#a"]
    assert position(result.workflow.selectors[2].span) == ((4, 12), (4, 14))
    assert loading(source) == [Finding("DC004", "warning", (4, 32), (4, 44), "llm_provdier")]
    broken = source.replace("* { llm_model: m1; }", "* llm_model: m1; }")
    assert loading(broken)[0] == Finding("DC005", "error", (3, 7), (3, 8), "l")


# -- whether a .dot file is a workflow, and which dialect ------------------------------------


def test_ordinary_graphviz_files_are_not_workflows() -> None:
    result = lint_text("digraph G {\n  a -> b\n  a [color=red, label=x]\n}\n", "g.dot")
    assert result.workflow is None and result.diagnostics == []
    forced = lint_text(
        "digraph G {\n  a -> b\n}\n", "g.dot", parse_config({"dialect": {"g.dot": "tracker"}}, "x")
    )
    assert forced.workflow is not None


def test_the_dialect_is_detected_or_configured() -> None:
    tracker = load("digraph P {\n  s [shape=Mdiamond]\n  e [shape=Msquare]\n  s -> e\n}\n")
    assert tracker.dialect is Dialect.TRACKER
    typed = load(
        "digraph P {\n  s [shape=Mdiamond]\n  e [shape=Msquare]\n"
        '  a [shape=box, prompt="{{ context.x }}", outputs="x:text"]\n  s -> a -> e\n}\n'
    )
    assert typed.dialect is Dialect.TYPED_OUTPUTS
    assert (
        load(
            "digraph P {\n  s [shape=Mdiamond]\n  e [shape=Msquare]\n  s -> e\n}\n",
            dialect("attractor"),
        ).dialect
        is Dialect.ATTRACTOR
    )


def test_the_dialect_configuration_is_validated() -> None:
    with pytest.raises(ConfigError, match="not one of tracker, attractor, typed-outputs"):
        parse_config({"dialect": {"*.dot": "graphviz"}}, "dipcheck.toml")
    with pytest.raises(ConfigError, match="must be a table"):
        parse_config({"dialect": "tracker"}, "dipcheck.toml")


def test_typed_output_declarations() -> None:
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="{{ context.x }}", outputs="v:choice(ok|no),f:jsn,v:text,n:json(a)"]
          t [shape=parallelogram, tool_command="probe", facts="pr.state", outputs="x:text"]
          s -> a -> t -> e
        }
        """
    )
    assert loading(source, dialect("typed-outputs")) == [
        Finding("DC005", "error", (4, 70), (4, 73), "jsn"),
        Finding("DC006", "error", (4, 74), (4, 75), "v"),
        Finding("DC005", "error", (4, 88), (4, 89), "a"),
        Finding("DC004", "warning", (5, 67), (5, 74), "outputs"),
    ]
    fixed = source.replace("jsn", "json").replace(",v:text", "").replace("json(a)", "json")
    fixed = fixed.replace(', outputs="x:text"]', "]")
    assert loading(fixed, dialect("typed-outputs")) == []
    # tracker does not know these declarations (detection chose typed-outputs above: `facts`)
    assert [item.text for item in loading(fixed, dialect("tracker"))] == ["facts"]


def test_a_bare_attribute_at_the_end_of_the_file_stays_inside_it() -> None:
    """Found by the property test: a key without `=value` cut off by the end of the file."""
    text = 'digraph P {\n  graph [goal="g", retry_target'
    result = lint_text(text, "p.dot", dialect("tracker"))
    for item in result.diagnostics:
        assert 0 <= item.span.start <= item.span.end <= len(text)
    assert result.workflow is not None
    retry = result.workflow.default("retry_target")
    assert retry is not None and retry.text == "true"  # gographviz's NewAttr
    assert retry.value_span == retry.key_span and retry.value_span.end == len(text)
    key = retry.key_span
    assert retry.value.span(0, 4) == Span(key.source, key.start, key.start + 4)


def test_an_attribute_without_a_value_is_true() -> None:
    """gographviz's NewAttr (ast.go) gives `[goal_gate]` the value "true", and the tracker v0.64
    harness loads `goal_gate` and `max_retries` as "true"; findings on the value point at the
    attribute's name."""
    source = template(
        """
        digraph P {
          s [shape=Mdiamond]
          e [shape=Msquare]
          a [shape=box, prompt="hi", goal_gate, max_retries]
          s -> a -> e
        }
        """
    )
    result = run(source, "<test>.dot")
    assert only([as_finding(item) for item in result.diagnostics], *LOADING) == [
        Finding("DC005", "error", (4, 41), (4, 52), "max_retries"),
    ]
    workflow = result.workflow
    assert workflow is not None and workflow.node_map["a"].value("goal_gate") == "true"
    gate = workflow.node_map["a"].get("goal_gate")
    assert gate is not None and gate.value_span == gate.key_span == gate.span
    assert loading(source.replace(", max_retries]", ", max_retries=2]")) == []


def test_a_dot_source_is_lexed_once_for_the_lint_and_its_quick_fixes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The suppression quick fixes (and the editor's highlighting) lexed a DOT file again
    after the front-end had: 30 ms more per edit on a 66 KB pipeline. The tokens are kept
    with the source; the twin: another source of the same text is lexed on its own, and the
    kept tokens do not travel with a pickled source (a worker's result)."""
    import pickle

    from dipcheck.frontends import dot_lexer
    from dipcheck.source import SourceText
    from dipcheck.suppression_edits import suppression_edits

    runs: list[SourceText] = []
    real = dot_lexer._Lexer.run

    def counted(self: dot_lexer._Lexer) -> dot_lexer.LexResult:
        runs.append(self.source)
        return real(self)

    monkeypatch.setattr(dot_lexer._Lexer, "run", counted)
    text = (
        'digraph G {\n  s [shape=Mdiamond]\n  a [shape=box, prompt="hi", labl="x"]\n  s -> a\n}\n'
    )
    result = lint_text(text, "w.dot")
    edits = suppression_edits(result.diagnostics, "dot")
    assert result.diagnostics and len(edits) == len(result.diagnostics)
    assert runs == [result.source]
    again = lint_text(text, "w.dot")
    assert runs == [result.source, again.source] and again.source is not result.source
    copied = pickle.loads(pickle.dumps(result.source))
    assert "_derived" not in copied.__dict__ and copied.text == text


@pytest.mark.parametrize(
    ("text", "path", "at"),
    [
        ("digraph G {\n  s [shape=Mdiamond]\n  s -> \n\n", "p.dot", (3, 7)),
        ("digraph G {\n  s [shape=Mdiamond]\n  s -> e\n}\n\n", "p.dot", None),
    ],
)
def test_a_file_that_ends_too_early_is_reported_on_a_line_it_has(
    text: str, path: str, at: tuple[int, int] | None
) -> None:
    # it was placed after the last line break, on a line the file does not have (GitHub
    # cannot show an annotation there)
    errors = [item for item in lint(text, path) if item.code == "DC001"]
    if at is None:  # (the twin: a file that ends where it may)
        assert errors == []
        return
    assert errors == [Finding("DC001", "error", at, at, "")]
    assert at[0] <= text.count("\n")

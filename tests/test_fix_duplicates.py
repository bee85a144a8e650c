"""An unsafe fix never declares an edge twice (DIP009, an error dippin refuses the file for):
the did-you-mean of an edge end that names an edge already declared, and removing the outcome
condition of a human gate's edge when an edge without a condition leads to the same node, are
given without a fix (seventh audit: `--fix --unsafe-fixes` made both DIP009s, the second on
tracker's own parallel-ralph-dev.dip). The twins keep their fixes."""

from __future__ import annotations

from helpers import Finding, dedent, lint, only, run

from dipcheck.config import Config
from dipcheck.fixes import fix_text

HEAD = """
workflow W
  start: A
  exit: B
  agent A
    prompt: Plan.
  agent B
    label: B
  edges
"""


def _fixed(text: str) -> str:
    return fix_text(dedent(text), "<test>.dip", Config(), unsafe=True).text


def test_a_did_you_mean_that_names_a_declared_edge_has_no_fix() -> None:
    text = HEAD + "    A -> Bb\n    A -> B\n"
    [found] = only(lint(text), "DIP003")
    assert found == Finding("DIP003", "error", (9, 10), (9, 12), "Bb")
    [item] = [item for item in run(text).diagnostics if item.code == "DIP003"]
    assert item.message == (
        "edge target `Bb` is not a declared node (did you mean `B`? that edge is declared "
        "already: remove this one, or name another node)"
    )
    assert item.fix is None
    assert _fixed(text) == dedent(text)
    # at the source too
    source = HEAD + "    Aa -> B\n    A -> B\n"
    [at_source] = [item for item in run(source).diagnostics if item.code == "DIP003"]
    assert at_source.fix is None and "that edge is declared already" in at_source.message


def test_the_twin_a_did_you_mean_that_makes_a_new_edge_keeps_its_fix() -> None:
    text = HEAD + "    A -> Bb\n"
    [item] = [item for item in run(text).diagnostics if item.code == "DIP003"]
    assert item.message == "edge target `Bb` is not a declared node (did you mean `B`?)"
    assert item.fix is not None
    assert _fixed(text).endswith("    A -> B\n")
    # a condition makes the edge another one (DIP009 compares conditions): the fix stays
    conditioned = HEAD + "    A -> Bb  when ctx.outcome = fail\n    A -> B\n"
    [other] = [item for item in run(conditioned).diagnostics if item.code == "DIP003"]
    assert other.fix is not None


GATE = """
workflow W
  start: Ask
  exit: Done
  human Ask
    label: Approve?
  agent Fix
    prompt: Fix it.
  agent Done
    label: Done
  edges
    Ask -> Done  when ctx.outcome = success  label: "approved"
    Ask -> Fix  when ctx.outcome = fail  label: "changes requested"
    Fix -> Done
"""


def test_removing_a_gate_condition_that_would_repeat_an_edge_is_not_offered() -> None:
    text = GATE + '    Ask -> Done  label: "fallback"\n'
    found = only(lint(text), "DC303")
    assert found == [
        Finding("DC303", "warning", (11, 23), (11, 44), "ctx.outcome = success"),
        Finding("DC303", "warning", (12, 22), (12, 40), "ctx.outcome = fail"),
    ]
    fixes = {
        item.span.start_position(): item.fix
        for item in run(text).diagnostics
        if item.code == "DC303"
    }
    assert fixes[(10, 22)] is None  # `Ask -> Done` has an edge without a condition
    assert fixes[(11, 21)] is not None
    fixed = _fixed(text)
    assert '    Ask -> Done  when ctx.outcome = success  label: "approved"\n' in fixed
    assert '    Ask -> Fix  label: "changes requested"\n' in fixed
    assert "DIP009" not in [item.code for item in run(fixed).diagnostics]


def test_the_twin_without_a_plain_edge_both_conditions_are_removed() -> None:
    fixed = _fixed(GATE)
    assert '    Ask -> Done  label: "approved"\n' in fixed
    assert '    Ask -> Fix  label: "changes requested"\n' in fixed
    assert "DIP009" not in [item.code for item in run(fixed).diagnostics]

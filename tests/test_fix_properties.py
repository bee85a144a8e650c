"""Properties of --fix and --add-ignore on random workflows with findings (hypothesis):
fixing never adds loading or syntax findings (DC0xx) and reaches a fixed point within the
pass bound; adding suppressions leaves nothing but suppression findings, and doing it again
changes nothing. The functions are the ones the CLI calls (dipcheck.fixes)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dipcheck.config import Config
from dipcheck.engine import lint_text
from dipcheck.fixes import MAX_PASSES, add_ignores, fix_text, loading_counts
from dipcheck.suppressions import adoptable

IDS = ["Plan", "Build", "Test", "Review", "Ship", "Done"]

# Node lines: fine ones and ones with findings that carry fixes (DC009, DC004, DC010) or not
FIELDS = [
    "prompt: Do the work.",
    "prompt: Use ${ctx.missing_key} here.",
    "prompt: Ask ${ctx.human_response}",
    "llm_model: claude",
    "llm_provider: anthropic",
    "promt: Plan it.",
    "lable: Typo",
    "timeout: 5m",
    "retry_target: Plna",
    "max_turns: many",
    "# dipcheck: ignore[DC102]",
    "# dipcheck: ignore[DIP003]",
]
KINDS = ["agent", "agent", "tool", "human"]


@st.composite
def workflows(draw: st.DrawFn) -> str:
    ids = draw(st.lists(st.sampled_from(IDS), min_size=2, max_size=5, unique=True))
    typo = draw(st.sampled_from(["", "x", "e"]))
    lines = ["workflow Random"]
    lines.append(f"  start: {ids[0]}{draw(st.sampled_from(['', '', typo]))}")
    lines.append(f"  exit: {ids[-1]}")
    for node in ids:
        kind = draw(st.sampled_from(KINDS))
        lines.append(f"  {kind} {node}")
        if kind == "tool":
            lines.append("    command: make")
        if kind == "human":
            lines.append("    mode: freeform")
        if kind == "agent":
            lines.append(f"    label: {node}")  # a node needs a body
        for item in draw(st.lists(st.sampled_from(FIELDS), max_size=3, unique=True)):
            lines.append(f"    {item}")
    lines.append("  edges")
    pairs = draw(
        st.lists(
            st.tuples(st.sampled_from(ids), st.sampled_from(ids), st.sampled_from(["", typo])),
            min_size=1,
            max_size=6,
        )
    )
    for source, target, suffix in pairs:
        attributes = draw(
            st.sampled_from(["", "  loop", '  label: "accept"', "  when ctx.outcome = fail"])
        )
        lines.append(f"    {source} -> {target}{suffix}{attributes}")
    return "\n".join(lines) + "\n"


CONFIG = Config()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(workflows())
def test_fix_adds_no_loading_finding_and_reaches_a_fixed_point(text: str) -> None:
    before = lint_text(text, "w.dip", CONFIG)
    assume(any(item.fix is not None for item in before.diagnostics))
    outcome = fix_text(text, "w.dip", CONFIG, unsafe=True)
    counts_before = loading_counts(before.diagnostics)
    counts_after = loading_counts(outcome.result.diagnostics)
    assert sum(counts_after.values()) <= sum(counts_before.values())
    assert all(counts_after[code] <= counts_before[code] for code in counts_after)
    assert outcome.passes <= MAX_PASSES
    assert outcome.converged
    again = fix_text(outcome.text, "w.dip", CONFIG, unsafe=True)
    assert again.text == outcome.text  # a fixed point: nothing left to apply
    assert [item.code for item in outcome.result.diagnostics] == [
        item.code for item in lint_text(outcome.text, "w.dip", CONFIG).diagnostics
    ]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(workflows())
def test_add_ignore_leaves_only_suppression_findings_and_is_idempotent(text: str) -> None:
    assume(any(adoptable(item) for item in lint_text(text, "w.dip", CONFIG).diagnostics))
    outcome = add_ignores(text, "w.dip", CONFIG)
    assert not outcome.rejected
    remaining = lint_text(outcome.text, "w.dip", CONFIG).diagnostics
    assert [item for item in remaining if adoptable(item)] == []
    assert all(item.code.startswith("DC9") for item in remaining)
    again = add_ignores(outcome.text, "w.dip", CONFIG)
    assert again.text == outcome.text


def test_one_fix_that_breaks_the_file_does_not_hold_back_the_others() -> None:
    """Ten fine fixes and one that adds a loading finding (renaming `promt` where `prompt` is
    already set gives DC006): every pass's batch failed on the bad one, and only the first
    fine fix was kept per pass, so ten passes ended unfinished (found by the test above in
    the clean-clone CI). Each fix is now tried alone, the bad one refused, the rest batched."""
    agents = "".join(
        f"  agent {name}\n    label: {name}\n    llm_model: claude\n    promt: Plan it.\n"
        for name in ("Build", "Test", "Review")
    )
    text = (
        "workflow W\n  start: Planx\n  exit: Ship\n"
        "  agent Plan\n    label: Plan\n    llm_model: claude\n"
        f"{agents}"
        "  agent Ship\n    label: Ship\n    prompt: Do the work.\n    llm_model: claude\n"
        "    promt: Plan it.\n"
        "  edges\n    Plan -> Build -> Test -> Review -> Ship\n"
    )
    outcome = fix_text(text, "w.dip", CONFIG, unsafe=True)
    assert outcome.converged and outcome.passes <= 3
    assert [item.span.start for item in outcome.rejected] == [text.rindex("promt")]
    assert "promt" not in outcome.text.replace("    promt: Plan it.\n  edges", "")

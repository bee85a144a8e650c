"""Context flow DC101-DC106: each finding with its exact range and message, and a passing
twin that differs minimally. DC104 fixtures cover if/else branches, loops that produce on the
second pass, parallel/fan_in and a key produced on every path by different nodes."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Finding, as_finding, lint, only, position, run, template

from dipcheck.config import Config

SELECT_DC108 = Config(extend_select=("DC108",))

FLOW = template(
    """
    workflow Flow
      start: Start
      exit: Done
      agent Start
        label: Start
      agent Triage
        prompt: Triage the report.
        writes: severity
      agent Fix
        prompt: Fix it.
        writes: patch
      agent Report
        prompt:
          Summarise the patch: ${ctx.patch}
      agent Done
        label: Done
      edges
        Start -> Triage
        Triage -> Fix  when ctx.severity = high
        Triage -> Report
        Fix -> Report
        Report -> Done
    """
)


def messages(text: str, code: str) -> list[str]:
    return [item.message for item in run(text).diagnostics if item.code == code]


# -- DC101 / DC102 -------------------------------------------------------------------------


def test_dc101_reads_entry_nobody_writes() -> None:
    text = FLOW.replace(
        "    prompt:\n      Summarise", "    reads: sevrity\n    prompt:\n      Summarise"
    )
    assert only(lint(text), "DC101") == [Finding("DC101", "error", (13, 12), (13, 19), "sevrity")]
    assert messages(text, "DC101") == [
        "`Report` reads context key `sevrity` in its `reads:` declaration, but no node in this "
        "workflow writes it (did you mean `severity`?): fix the key name, or declare it in an "
        "upstream node's `writes:`"
    ]


def test_dc101_twin_reads_a_written_key() -> None:
    text = FLOW.replace(
        "    prompt:\n      Summarise", "    reads: severity\n    prompt:\n      Summarise"
    )
    assert only(lint(text), "DC101", "DC102", "DC103") == []


def test_dc101_prefixed_condition_operand_is_an_error() -> None:
    text = FLOW.replace("when ctx.severity = high", "when ctx.urgency = high")
    assert only(lint(text), "DC101") == [
        Finding("DC101", "error", (19, 25), (19, 36), "ctx.urgency")
    ]


def test_dc102_bare_condition_operand_is_a_warning() -> None:
    text = FLOW.replace("when ctx.severity = high", "when urgency = high")
    assert only(lint(text), "DC101", "DC102") == [
        Finding("DC102", "warning", (19, 25), (19, 32), "urgency")
    ]


def test_dc102_interpolation_inside_a_raw_block() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.ptch}")
    assert only(lint(text), "DC102") == [
        Finding("DC102", "warning", (14, 28), (14, 39), "${ctx.ptch}")
    ]
    assert "(did you mean `patch`?)" in messages(text, "DC102")[0]


def test_a_read_repeated_in_one_field_is_classified_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A prompt holding `${ctx.ptch}` thousands of times (a 300 KB fuzz input: seconds per
    lint) classified each read again, only to keep the first finding of the node and key.
    Reads alike but for their place are now classified once; the finding is the same, at the
    first of them."""
    from dipcheck.rules.availability import Availability

    calls: list[str] = []
    classify = Availability._classify

    def counted(self: Availability, item: object, reached: bool) -> object:
        calls.append(item.key)  # type: ignore[attr-defined]
        return classify(self, item, reached)  # type: ignore[arg-type]

    monkeypatch.setattr(Availability, "_classify", counted)
    text = FLOW.replace("${ctx.patch}", "${ctx.ptch}" * 2000)
    assert only(lint(text), "DC102") == [
        Finding("DC102", "warning", (14, 28), (14, 39), "${ctx.ptch}")
    ]
    assert calls.count("ptch") == 1
    calls.clear()  # the twin: the same read in another node is classified (and reported)
    text = text.replace("prompt: Fix it.", "prompt: Fix ${ctx.ptch}.")
    assert [item.text for item in only(lint(text), "DC102")] == ["${ctx.ptch}", "${ctx.ptch}"]
    assert calls.count("ptch") == 2


def _skipping_chain(size: int) -> str:
    """A chain whose failure edges skip the next node: every node but the first two reads a
    key the skipped node writes (DC104, with the path that skips it)."""
    lines = ["workflow Skips", '  goal: "g"', "  start: S0", f"  exit: S{size - 1}", ""]
    for i in range(size):
        read = f" after ${{ctx.k{i - 1}}}" if i else ""
        lines += [f"  agent S{i}", f"    prompt: Step {i}{read}.", f"    writes: k{i}", ""]
    lines.append("  edges")
    for i in range(size - 1):
        lines.append(f"    S{i} -> S{i + 1}  when ctx.outcome = success")
        if i + 2 < size:
            lines.append(f"    S{i} -> S{i + 2}  when ctx.outcome = fail")
    return "\n".join(lines) + "\n"


def test_dc104_path_notes_are_made_only_for_the_findings_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A DC104 names each node of its path in a note. A workflow whose every read is a DC104
    held thousands past the limit of 1,000 a code, 11 notes each (12 MB of a 10,000-node lint's
    peak); the notes are now made for the findings kept, and they are the same."""
    from dipcheck.rules.availability import _PathNotes

    made: list[str] = []
    add = _PathNotes.add

    def counted(self: _PathNotes, finding: object) -> object:
        made.append(self.key)
        return add(self, finding)  # type: ignore[arg-type]

    monkeypatch.setattr(_PathNotes, "add", counted)
    shown = [item for item in run(_skipping_chain(1010)).diagnostics if item.code == "DC104"]
    assert len(shown) == 1000 and len(made) == 1000
    first = shown[0]
    assert as_finding(first) == Finding("DC104", "warning", (15, 26), (15, 35), "${ctx.k1}")
    assert [(position(note.span), note.message) for note in first.related] == [
        (((6, 9), (6, 11)), "path: `S0` does not write `k1`"),
        (((14, 9), (14, 11)), "path: `S2` reads it"),
        (((12, 13), (12, 15)), "`k1` is written by `S1` here"),
    ]
    made.clear()  # the twin: a handful of findings, each with its notes
    assert len(only(lint(_skipping_chain(12)), "DC104")) == len(made) == 10


def test_dc102_did_you_mean_is_an_unsafe_fix_of_the_key() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.ptch}")
    [found] = [item for item in run(text).diagnostics if item.code == "DC102"]
    assert found.fix is not None
    assert (found.fix.description, found.fix.safe) == ("change to `patch`", False)
    [edit] = found.fix.edits
    assert (position(edit.span), edit.span.text, edit.text) == (
        ((14, 34), (14, 38)),
        "ptch",
        "patch",
    )
    # the twin: a key nothing resembles gets the finding without a fix
    [plain] = [
        item
        for item in run(FLOW.replace("${ctx.patch}", "${ctx.zzzzzz}")).diagnostics
        if item.code == "DC102"
    ]
    assert plain.fix is None


def test_dc102_twin_ambient_keys_are_never_reported() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.last_response} ${ctx.graph.goal} ${ctx.steer.x}")
    assert only(lint(text), "DC101", "DC102", "DC103", "DC104") == []


def test_dc102_reference_in_a_prompt_file(tmp_path: Path) -> None:
    (tmp_path / "report.md").write_text("Report on:\n  ${ctx.findings}\n", encoding="utf-8")
    text = FLOW.replace(
        "    prompt:\n      Summarise the patch: ${ctx.patch}", "    prompt_file: report.md"
    )
    result = run(text, str(tmp_path / "flow.dip"))
    [item] = [item for item in result.diagnostics if item.code == "DC102"]
    assert item.span.path.endswith("report.md")
    assert item.span.text == "${ctx.findings}"
    assert item.span.start_position() == (1, 2)


def test_label_interpolations_are_not_checked_like_tracker() -> None:
    text = FLOW.replace("    label: Done", "    label: Done ${ctx.nothing}")
    assert only(lint(text), "DC101", "DC102") == []


# -- DC103 ---------------------------------------------------------------------------------


def test_dc103_producer_only_downstream() -> None:
    text = FLOW.replace("    prompt: Fix it.\n    writes: patch", "    prompt: Fix it.").replace(
        "    label: Done\n", "    prompt: Close.\n    writes: patch\n", 1
    )
    # `Done` (the exit) now writes `patch`, after Report has read it.
    findings = only(lint(text), "DC103")
    assert findings == [Finding("DC103", "warning", (13, 28), (13, 40), "${ctx.patch}")]
    assert messages(text, "DC103") == [
        "`Report` reads context key `patch` in its `prompt`, but its only producer(s) `Done` "
        "cannot reach it along any edge path — verify the routing (restarts and resume can "
        "still deliver it)"
    ]


def test_dc103_twin_loop_makes_the_producer_reach() -> None:
    text = FLOW.replace("    prompt: Fix it.\n    writes: patch", "    prompt: Fix it.").replace(
        "    label: Done\n", "    prompt: Close.\n    writes: patch\n", 1
    )
    # a back edge from Done to Report: tracker's plain reachability now finds the producer
    text = text.replace("    Report -> Done\n", "    Report -> Done\n    Done -> Report  loop\n")
    assert only(lint(text), "DC103") == []


# -- DC104 ---------------------------------------------------------------------------------


def test_dc104_if_else_branch_without_the_producer() -> None:
    findings = only(lint(FLOW), "DC104")
    assert findings == [Finding("DC104", "warning", (14, 28), (14, 40), "${ctx.patch}")]
    [diagnostic] = [item for item in run(FLOW).diagnostics if item.code == "DC104"]
    assert diagnostic.message == (
        "context key `patch` is not written on every path to `Report`: along Start → Triage → "
        "Report no node writes it, so its `prompt` sees an empty value when it runs (written "
        "only by `Fix`)"
    )
    notes = [(item.span.text, item.message) for item in diagnostic.related]
    assert notes == [
        ("Start", "path: `Start` does not write `patch`"),
        ("Triage", "path: `Triage` does not write `patch`"),
        ("Report", "path: `Report` reads it"),
        ("patch", "`patch` is written by `Fix` here"),
    ]


def test_dc104_twin_key_written_on_every_path_by_different_nodes() -> None:
    text = FLOW.replace(
        "    prompt: Triage the report.\n    writes: severity",
        "    prompt: Triage the report.\n    writes: severity, patch",
    )
    assert only(lint(text), "DC104") == []


def test_dc104_twin_written_on_both_branches_by_two_nodes() -> None:
    text = FLOW.replace(
        "    Triage -> Report\n", "    Triage -> Skip\n    Skip -> Report\n"
    ).replace(
        "  agent Done\n",
        "  agent Skip\n    prompt: Say no patch is needed.\n    writes: patch\n  agent Done\n",
    )
    assert only(lint(text), "DC104", "DC103", "DC102") == []


def test_dc104_loop_that_produces_only_on_the_second_pass() -> None:
    text = template(
        """
        workflow Loop
          start: Draft
          exit: Done
          agent Draft
            prompt:
              Improve the draft using the review: ${ctx.review}
          agent Review
            prompt: Review the draft.
            writes: review
          agent Done
            label: Done
          edges
            Draft -> Review
            Review -> Draft  when ctx.outcome = fail  loop
            Review -> Done
        """
    )
    assert only(lint(text), "DC104", "DC103") == [
        Finding("DC104", "warning", (6, 43), (6, 56), "${ctx.review}")
    ]
    assert messages(text, "DC104") == [
        "`Draft` is the start node and reads context key `review` in its `prompt` before any "
        "node has written it (written only by `Review`)"
    ]


def test_dc104_twin_loop_body_reads_after_the_producer() -> None:
    text = template(
        """
        workflow Loop
          start: Draft
          exit: Done
          agent Draft
            prompt: Write a draft.
            writes: draft
          agent Review
            prompt:
              Review this draft: ${ctx.draft}
          agent Done
            label: Done
          edges
            Draft -> Review
            Review -> Draft  when ctx.outcome = fail  loop
            Review -> Done
        """
    )
    assert only(lint(text), "DC104", "DC103") == []


def test_dc104_condition_reads_after_the_source_ran() -> None:
    # Report's prompt no longer reads `patch`; its outgoing condition does, after it ran
    text = FLOW.replace("${ctx.patch}", "the work").replace(
        "    Report -> Done\n",
        "    Report -> Done  when ctx.patch = done\n    Report -> Fix  loop\n",
    )
    findings = only(lint(text), "DC104")
    assert findings == [Finding("DC104", "warning", (22, 26), (22, 35), "ctx.patch")]
    assert any(
        "when its outgoing conditions are evaluated" in message
        for message in messages(text, "DC104")
    )


PARALLEL = template(
    """
    workflow Par
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Fork -> Security, Style
      agent Security
        prompt: Review security.
        writes: security_notes, verdict
      agent Style
        prompt: Review style.
        writes: style_notes, verdict
      fan_in Join <- Security, Style
      agent Merge
        prompt:
          Merge ${ctx.verdict} with ${ctx.security_notes}
      agent Done
        label: Done
      edges
        Start -> Fork
        Join -> Merge
        Merge -> Done
    """
)


def test_dc104_twin_each_branch_writes_its_own_key() -> None:
    # tracker runs every branch and the fan_in merges all successful branches' updates
    # (tracker-runtime.md §5.7): a key one branch writes is available after the join.
    assert only(lint(PARALLEL), "DC104", "DC103", "DC108") == []
    text = PARALLEL.replace("${ctx.verdict}", "${ctx.style_notes}")
    assert only(lint(text), "DC104", "DC103") == []


def test_dc104_key_written_by_no_branch_still_warns() -> None:
    text = (
        PARALLEL.replace(
            "  agent Done\n", "  agent Audit\n    prompt: a\n    writes: audit\n  agent Done\n"
        )
        .replace(
            "    Start -> Fork\n",
            "    Start -> Fork\n    Start -> Audit  when ctx.outcome = fail\n    Audit -> Fork\n",
        )
        .replace("${ctx.security_notes}", "${ctx.audit}")
    )
    assert only(lint(text), "DC104") == [
        Finding("DC104", "warning", (16, 33), (16, 45), "${ctx.audit}")
    ]
    # the witness goes through the parallel node straight to its join, never through one
    # branch
    assert messages(text, "DC104")[0].startswith(
        "context key `audit` is not written on every path to `Merge`: along "
        "Start → Fork → Join → Merge no node writes it"
    )


def test_dc108_key_lost_when_its_only_writer_branch_fails() -> None:
    # off by default; under fan_in_policy any (the default) the join succeeds without the
    # failed branch's updates (§5.7)
    assert only(lint(PARALLEL), "DC108") == []
    findings = only(lint(PARALLEL, config=SELECT_DC108), "DC108")
    assert findings == [Finding("DC108", "info", (16, 33), (16, 54), "${ctx.security_notes}")]
    [item] = [d for d in run(PARALLEL, config=SELECT_DC108).diagnostics if d.code == "DC108"]
    assert item.message == (
        "`Merge` reads `security_notes`, which only branch(es) `Security` of parallel `Fork` "
        "write: under the default `fan_in_policy` (any) the join `Join` still succeeds when "
        "that branch fails, and the key is then missing"
    )


def test_dc108_twin_policy_all_fails_the_block_instead() -> None:
    text = PARALLEL.replace(
        "  parallel Fork -> Security, Style\n",
        "  parallel Fork -> Security, Style\n    params:\n      fan_in_policy: all\n",
    )
    assert only(lint(text, config=SELECT_DC108), "DC108", "DC104") == []
    quorum = PARALLEL.replace(
        "  parallel Fork -> Security, Style\n",
        "  parallel Fork -> Security, Style\n    params:\n      fan_in_policy: quorum\n"
        "      quorum: 1\n",
    )
    assert [f.text for f in only(lint(quorum, config=SELECT_DC108), "DC108")] == [
        "${ctx.security_notes}"
    ]


SEQUENTIAL = template(
    """
    workflow Seq
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel First -> A, B
      agent A
        prompt: a
        writes: a_notes
      agent B
        prompt: b
        writes: b_notes
      fan_in FirstJoin <- A, B
      parallel Second -> C, D
      agent C
        prompt: c ${ctx.a_notes}
        writes: c_notes
      agent D
        prompt: d
        writes: d_notes
      fan_in SecondJoin <- C, D
      agent Merge
        prompt: ${ctx.a_notes} ${ctx.b_notes} ${ctx.c_notes} ${ctx.d_notes}
      agent Done
        label: Done
      edges
        Start -> First
        FirstJoin -> Second
        SecondJoin -> Merge
        Merge -> Done
    """
)


def test_dc104_twin_blocks_one_after_another() -> None:
    # a branch of the second block sees what the first block's branches wrote
    assert only(lint(SEQUENTIAL), "DC104", "DC103", "DC106") == []


NESTED = template(
    """
    workflow Nested
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Outer -> Inner, C
      parallel Inner -> A, B
      agent A
        prompt: a
        writes: a_notes
      agent B
        prompt: b
        writes: b_notes
      fan_in InnerJoin <- A, B
      agent C
        prompt: c ${ctx.a_notes}
        writes: c_notes
      fan_in OuterJoin <- Inner, C
      agent Merge
        prompt: ${ctx.c_notes} then ${ctx.a_notes}
      agent Done
        label: Done
      edges
        Start -> Outer
        InnerJoin -> Merge
        OuterJoin -> Merge
        Merge -> Done
    """
)


def test_nested_parallel_inner_branch_writes_do_not_reach_the_outer_join() -> None:
    # A parallel node that runs as a branch returns no context updates of its own branches:
    # it writes `parallel.results` into its branch context and "branch updates are not
    # merged into it" (§5.7), and its join never runs (a branch's edges are ignored). So
    # after OuterJoin only C's key is certain; A's is not.
    # C runs beside Inner, so it cannot see A's writes either (DC103).
    findings = only(lint(NESTED), "DC103", "DC104", "DC106")
    assert findings == [
        Finding("DC103", "warning", (16, 15), (16, 29), "${ctx.a_notes}"),
        Finding("DC104", "warning", (20, 33), (20, 47), "${ctx.a_notes}"),
    ]
    [message] = messages(NESTED, "DC104")
    assert message.startswith(
        "context key `a_notes` is not written on every path to `Merge`: along "
        "Start → Outer → OuterJoin → Merge no node writes it"
    )
    assert message.endswith(
        "; `A` is a branch of `Inner`, which itself runs as a branch of `Outer`: a nested "
        "parallel node returns none of its branches' writes to the outer join"
    )
    # the reads of C's key after the outer join are fine
    assert "c_notes" not in " ".join(messages(NESTED, "DC104"))


LOOPED = template(
    """
    workflow Looped
      start: Start
      exit: Done
      agent Start
        label: Start
      parallel Fork -> A, B
      agent A
        prompt: a, last time ${ctx.verdict}
        writes: a_notes
      agent B
        prompt: b
        writes: b_notes
      fan_in Join <- A, B
      agent Check
        prompt: ${ctx.a_notes} and ${ctx.b_notes}
        writes: verdict
      agent Done
        label: Done
      edges
        Start -> Fork
        Join -> Check
        Check -> Fork  when ctx.verdict = again  loop
        Check -> Done
    """
)


def test_parallel_inside_a_loop() -> None:
    # after the join both branch keys are available on every pass; the branch that reads
    # the loop's own verdict has nothing on the first pass
    findings = only(lint(LOOPED), "DC104", "DC103")
    assert findings == [Finding("DC104", "warning", (8, 26), (8, 40), "${ctx.verdict}")]
    assert messages(LOOPED, "DC104")[0].startswith(
        "context key `verdict` is not written on every path to `A`: along Start → Fork → A "
        "no node writes it"
    )


def test_dc104_subgraph_may_write_anything() -> None:
    text = FLOW.replace(
        "    Triage -> Report\n", "    Triage -> Child\n    Child -> Report\n"
    ).replace("  agent Done\n", "  subgraph Child\n    ref: child.dip\n  agent Done\n")
    assert only(lint(text), "DC104") == []


# -- DC105 ---------------------------------------------------------------------------------


def test_dc105_scoped_reference_to_an_unknown_node() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.node.Fx.last_response}")
    assert only(lint(text), "DC105") == [Finding("DC105", "warning", (14, 39), (14, 41), "Fx")]
    assert messages(text, "DC105") == [
        "`Report` references scoped context key `node.Fx.last_response` in its `prompt`, but "
        "`Fx` is not a node in this workflow (did you mean `Fix`?)"
    ]


def test_dc105_kind_never_writes_the_key() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.node.Fix.tool_stdout}")
    assert only(lint(text), "DC105") == [
        Finding("DC105", "warning", (14, 28), (14, 55), "${ctx.node.Fix.tool_stdout}")
    ]
    assert messages(text, "DC105")[0].startswith(
        "`Fix` is an agent node (handler `codergen`) and never writes `tool_stdout`"
    )


def test_dc105_twin_scoped_reference_to_a_written_key() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.node.Fix.last_response} ${ctx.node.Fix.patch}")
    assert only(lint(text), "DC105", "DC106") == []


def test_dc105_passthrough_start_has_no_last_response() -> None:
    text = FLOW.replace("${ctx.patch}", "${ctx.node.Start.last_response}")
    assert [item.text for item in only(lint(text), "DC105")] == ["${ctx.node.Start.last_response}"]


# -- DC106 ---------------------------------------------------------------------------------


def test_dc106_branch_alias_read_after_the_join() -> None:
    text = PARALLEL.replace("${ctx.security_notes}", "${ctx.node.Security.last_response}")
    assert only(lint(text), "DC106") == [
        Finding("DC106", "warning", (16, 33), (16, 67), "${ctx.node.Security.last_response}")
    ]


def test_dc106_branch_reads_sibling_output() -> None:
    text = PARALLEL.replace(
        "    prompt: Review style.", "    prompt: Review style, not ${ctx.security_notes}"
    )
    findings = only(lint(text), "DC106", "DC103", "DC104")
    # the sibling read is DC106 (not DC103/DC104); Merge's read after the join is fine
    assert findings == [
        Finding("DC106", "warning", (11, 31), (11, 52), "${ctx.security_notes}"),
    ]


def test_dc106_twin_reads_own_parallel_result() -> None:
    text = PARALLEL.replace("${ctx.security_notes}", "${ctx.parallel.results}")
    assert only(lint(text), "DC106", "DC104") == []


# -- tracker's dedup and opaque rules ------------------------------------------------------


def test_one_finding_per_node_and_key_error_wins() -> None:
    text = FLOW.replace(
        "    prompt:\n      Summarise the patch: ${ctx.patch}",
        "    prompt:\n      Summarise ${ctx.notes}\n    reads: notes",
    )
    findings = only(lint(text), "DC101", "DC102")
    assert findings == [Finding("DC101", "error", (15, 12), (15, 17), "notes")]


def test_references_an_opaque_node_reaches_are_skipped() -> None:
    text = (
        FLOW.replace("    Triage -> Report\n", "    Triage -> Child\n    Child -> Report\n")
        .replace("  agent Done\n", "  subgraph Child\n    ref: child.dip\n  agent Done\n")
        .replace("${ctx.patch}", "${ctx.from_child}")
    )
    assert only(lint(text), "DC101", "DC102", "DC103") == []


# -- DC107 ---------------------------------------------------------------------------------

ASK = template(
    """
    workflow Ask
      start: Gate
      exit: Done
      human Gate
        mode: freeform
      agent Explore
        prompt: The user wants ${ctx.human_response}
      agent Spec
        prompt: Specify ${ctx.human_response}
      agent Done
        label: Done
      edges
        Gate -> Explore
        Explore -> Spec
        Spec -> Done
    """
)


def test_dc107_second_agent_after_the_gate_reads_a_cleared_response() -> None:
    assert only(lint(ASK), "DC107") == [
        Finding("DC107", "warning", (9, 21), (9, 42), "${ctx.human_response}")
    ]
    [item] = [item for item in run(ASK).diagnostics if item.code == "DC107"]
    assert item.message == (
        "`${ctx.human_response}` can be empty when `Spec` reads it: along Gate → Explore → "
        "Spec, `Explore` runs after gate `Gate` and the runtime then clears the one-shot "
        "human_response; read `${ctx.node.Gate.human_response}`"
    )
    assert item.fix is not None and not item.fix.safe
    assert [edit.text for edit in item.fix.edits] == ["${ctx.node.Gate.human_response}"]


def test_dc107_twin_scoped_alias_and_tools_in_between() -> None:
    text = ASK.replace("Specify ${ctx.human_response}", "Specify ${ctx.node.Gate.human_response}")
    assert only(lint(text), "DC107") == []
    # a tool between the gate and the first agent does not clear it
    tool = ASK.replace(
        "    Gate -> Explore\n", "    Gate -> Setup\n    Setup -> Explore\n"
    ).replace("  agent Done\n", "  tool Setup\n    command: true\n    timeout: 5s\n  agent Done\n")
    assert [item.text for item in only(lint(tool), "DC107")] == ["${ctx.human_response}"]
    assert only(lint(tool), "DC107")[0].start == (9, 21)


def test_dc107_no_gate_before_the_reader() -> None:
    text = ASK.replace("  start: Gate", "  start: Explore").replace("    Gate -> Explore\n", "")
    findings = only(lint(text), "DC107")
    assert findings == [
        Finding("DC107", "warning", (7, 28), (7, 49), "${ctx.human_response}"),
        Finding("DC107", "warning", (9, 21), (9, 42), "${ctx.human_response}"),
    ]
    first = next(item for item in run(text).diagnostics if item.code == "DC107")
    assert first.message == (
        "`${ctx.human_response}` can be empty when `Explore` reads it: it is the start node, "
        "so no human gate has run yet"
    )


def _gate_then_fork(scan: str) -> str:
    """ASK with a parallel block (branch `Scan` given as ``scan``, a tool `Probe`) between
    the gate and `Spec`."""
    probe = "  tool Probe\n    command: true\n    timeout: 5s\n"
    return ASK.replace(
        "    Gate -> Explore\n    Explore -> Spec\n", "    Gate -> Fork\n    Join -> Spec\n"
    ).replace(
        "  agent Done\n",
        f"  parallel Fork -> Scan, Probe\n{scan}{probe}  fan_in Join <- Scan, Probe\n"
        "  agent Done\n",
    )


def test_dc107_parallel_with_an_agent_branch_clears_the_response() -> None:
    # §5.8: the first codergen node after the gate, or a parallel node with codergen
    # branches, clears the one-shot key; the path goes through the fork to its join.
    text = _gate_then_fork("  agent Scan\n    prompt: scan\n")
    [item] = [item for item in run(text).diagnostics if item.code == "DC107"]
    assert as_finding(item) == Finding(
        "DC107", "warning", (9, 21), (9, 42), "${ctx.human_response}"
    )
    assert item.message.startswith(
        "`${ctx.human_response}` can be empty when `Spec` reads it: along Gate → Fork → Join → "
        "Spec, parallel `Fork` runs agent branch `Scan` after gate `Gate`"
    )


def test_dc107_twin_parallel_of_tools_keeps_the_response() -> None:
    text = _gate_then_fork("  tool Scan\n    command: true\n    timeout: 5s\n")
    assert [f.text for f in only(lint(text), "DC107")] == []


WRITERS = """
workflow W
  start: S
  exit: E
  agent S
    label: S
  parallel Fork -> B2, B1, B0
  agent B2
    prompt: write it
    writes: k
  agent B1
    prompt: nothing
  agent B0
    prompt: write it
    writes: k
  fan_in Join <- B2, B1, B0
  agent E
    prompt: Use ${ctx.k}.
  edges
    S -> Fork
    Join -> E
"""


def test_dc108_names_the_writing_branches_in_the_order_of_the_block() -> None:
    [item] = [d for d in run(WRITERS, config=SELECT_DC108).diagnostics if d.code == "DC108"]
    assert as_finding(item) == Finding("DC108", "info", (17, 17), (17, 25), "${ctx.k}")
    assert item.message == (
        "`E` reads `k`, which only branch(es) `B2`, `B0` of parallel `Fork` write: under the "
        "default `fan_in_policy` (any) the join `Join` still succeeds when those branches fail, "
        "and the key is then missing"
    )
    every = WRITERS.replace("prompt: nothing", "prompt: write it\n    writes: k")
    assert [d for d in run(every, config=SELECT_DC108).diagnostics if d.code == "DC108"] == []

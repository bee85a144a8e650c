"""DC904: a comment meant as a suppression that is not one is reported at the comment, with the
rewrite — never silently ignored (issue 19 §2). The passing twins are the well-formed comments."""

from __future__ import annotations

import pytest
from helpers import Finding, lint, run, template

from dipcheck.engine import lint_text

BASE = template(
    """
    workflow Sup
      start: A
      exit: Done
      COMMENT
      agent A
        prompt:
          Use ${ctx.from_env} here.
      agent Done
        label: Done
      edges
        A -> Done
    """
)
DC102 = Finding("DC102", "warning", (7, 11), (7, 26), "${ctx.from_env}")


def _with(comment: str) -> str:
    return BASE.replace("COMMENT", comment)


def _dc904(comment: str) -> Finding:
    return Finding("DC904", "warning", (4, 3), (4, 3 + len(comment)), comment)


@pytest.mark.parametrize(
    ("comment", "why", "rewrite"),
    [
        ("# dipcheck: ignore DC102", "the codes belong in brackets", "dipcheck: ignore[DC102]"),
        (
            "# dipcheck: ignore DC102 the caller sets it",
            "the codes belong in brackets",
            "dipcheck: ignore[DC102]",
        ),
        (
            "# dipcheck: ignroe[DC102]",
            "`ignroe` is not a directive (did you mean `ignore`?)",
            "dipcheck: ignore[DC102]",
        ),
        ("# dipcheck ignore[DC102]", "a colon must follow `dipcheck`", "dipcheck: ignore[DC102]"),
        (
            "# DipCheck: Ignore[DC102]",
            "a suppression is written in lower case",
            "dipcheck: ignore[DC102]",
        ),
        ("# dipcheck: ignore[DC102", "its `[` is never closed", "dipcheck: ignore[DC102]"),
        (
            "# dipcheck: disable unproduced-context-key",
            "the codes belong in brackets",
            "dipcheck: disable[unproduced-context-key]",
        ),
    ],
)
def test_a_malformed_suppression_is_reported_with_its_rewrite(
    comment: str, why: str, rewrite: str
) -> None:
    result = run(_with(comment))
    found = [item for item in result.diagnostics if item.code == "DC904"]
    assert len(found) == 1
    (item,) = found
    assert item.span.text == comment
    assert item.span.start_position() == (3, 2)
    assert why in item.message
    assert f"`{comment}`" in item.message
    assert item.fix is not None and not item.fix.safe
    (edit,) = item.fix.edits
    assert edit.text == rewrite
    fixed = (
        item.span.source.text[: edit.span.start] + rewrite + item.span.source.text[edit.span.end :]
    )
    # the rewrite is a working suppression: the finding it was written for is gone
    assert [finding.code for finding in lint(fixed)] == []
    # and until then the finding it meant to hide is still reported
    assert DC102 in [finding for finding in lint(_with(comment))]


def test_a_blanket_ignore_is_refused_and_the_fix_names_what_it_covers() -> None:
    comment = "# dipcheck: ignore"
    findings = lint(_with(comment))
    assert findings == [_dc904(comment), DC102]
    (item,) = [item for item in run(_with(comment)).diagnostics if item.code == "DC904"]
    assert "a blanket ignore is refused" in item.message
    assert item.fix is not None and not item.fix.safe
    assert [edit.text for edit in item.fix.edits] == ["dipcheck: ignore[DC102]"]


def test_a_blanket_ignore_that_covers_nothing_is_removed() -> None:
    text = BASE.replace("COMMENT\n", "").replace(
        "  agent Done\n", "  # dipcheck: ignore\n  agent Done\n"
    )
    (item,) = [item for item in run(text).diagnostics if item.code == "DC904"]
    assert item.fix is not None and item.fix.safe
    (edit,) = item.fix.edits
    assert (edit.span.text, edit.text) == ("  # dipcheck: ignore\n", "")


def test_a_blanket_file_ignore_and_an_enable_without_codes() -> None:
    file_wide = run(_with("# dipcheck: file-ignore")).diagnostics
    (item,) = [item for item in file_wide if item.code == "DC904"]
    assert item.fix is not None
    assert [edit.text for edit in item.fix.edits] == ["dipcheck: file-ignore[DC102]"]
    enable = [item for item in run(_with("# dipcheck: enable")).diagnostics if item.code == "DC904"]
    assert len(enable) == 1 and enable[0].fix is None
    assert "name the codes it ends" in enable[0].message


@pytest.mark.parametrize(
    ("comment", "kind"),
    [
        ("# dipcheck: ignore[ALL]", "ignore"),
        ("# dipcheck: ignore[all, DC102]", "ignore"),
        ("# dipcheck: file-ignore[ALL]", "file-ignore"),
        ("# dipcheck: disable[ALL]", "disable"),
    ],
)
def test_all_in_a_suppression_is_a_blanket_one_and_refused(comment: str, kind: str) -> None:
    # (`ignore[ALL]` hid every finding under it, and `file-ignore[ALL]` a whole file)
    findings = lint(_with(comment))
    assert findings == [_dc904(comment), DC102]
    (item,) = [item for item in run(_with(comment)).diagnostics if item.code == "DC904"]
    assert f"`ALL` names every rule, and a blanket {kind} is refused" in item.message
    assert item.fix is not None and not item.fix.safe
    assert [edit.text for edit in item.fix.edits] == [f"dipcheck: {kind}[DC102]"]
    (edit,) = item.fix.edits
    assert edit.span.text == comment.removeprefix("# ")


def test_a_group_or_a_prefix_in_a_suppression_is_not_refused() -> None:
    # the twins of ALL: a code prefix and a group name select some rules, on purpose
    for comment in ("# dipcheck: ignore[DC1]", "# dipcheck: ignore[context]"):
        assert lint(_with(comment)) == [], comment


@pytest.mark.parametrize("comment", ["# dipcheck: frobnicate", "# dipcheck:"])
def test_an_unknown_directive_is_reported_without_a_fix(comment: str) -> None:
    (item,) = [item for item in run(_with(comment)).diagnostics if item.code == "DC904"]
    assert item.span.text == comment
    assert "write `dipcheck: ignore[CODE]`" in item.message
    assert item.fix is None


@pytest.mark.parametrize(
    "comment",
    [
        "# dipcheck: ignore[DC102]",
        "# dipcheck:ignore[DC102] the caller sets it",
        "# dipcheck: ignore [unproduced-context-key]",
        "# dipcheck runs in CI on every push",  # prose that mentions the tool
        "# see the dipcheck docs",
    ],
)
def test_well_formed_suppressions_and_prose_are_not_reported(comment: str) -> None:
    assert "DC904" not in [item.code for item in lint(_with(comment))]


def test_a_value_after_a_key_is_not_a_comment() -> None:
    text = BASE.replace("COMMENT\n", "").replace("label: Done", "label: # dipcheck ignore")
    assert "DC904" not in [item.code for item in lint(text)]


def test_in_dot_the_comment_is_reported_too() -> None:
    text = (
        "digraph G {\n"
        "  // dipcheck: ignroe[DIP004]\n"
        "  start [shape=Mdiamond]\n"
        "  done [shape=Msquare]\n"
        "  start -> done\n"
        "}\n"
    )
    result = lint_text(text, "g.dot")
    (item,) = [item for item in result.diagnostics if item.code == "DC904"]
    assert item.span.text == "// dipcheck: ignroe[DIP004]"
    assert item.fix is not None
    assert [edit.text for edit in item.fix.edits] == ["dipcheck: ignore[DIP004]"]


@pytest.mark.parametrize(
    ("comment", "kind"),
    [
        ("# dipcheck: ignore[,]", "ignore"),
        ("# dipcheck: ignore[ , ]", "ignore"),
        ("# dipcheck: file-ignore[,,]", "file-ignore"),
        ("# dipcheck: disable[,]", "disable"),
        ("# dipcheck: enable[ ,]", "enable"),
    ],
)
def test_a_suppression_of_commas_only_names_no_code(comment: str, kind: str) -> None:
    """`ignore[,]` suppressed nothing and was reported as nothing, where `ignore[]` was
    DC902 (nineteenth audit)."""
    findings = lint(_with(comment))
    dc902 = Finding("DC902", "warning", (4, 3), (4, 3 + len(comment)), comment)
    assert [item for item in findings if item.code == "DC902"] == [dc902]
    assert DC102 in findings  # (still reported)
    (item,) = [item for item in run(_with(comment)).diagnostics if item.code == "DC902"]
    assert item.message == f"a suppression needs at least one code: `# dipcheck: {kind}[CODE]`"


def test_empty_items_among_codes_are_accepted_as_ruff_accepts_them() -> None:
    # the twins: as ruff reads its noqa codes `F401,,F841`, a code list with a trailing comma
    # or an empty item between commas still names its codes, and suppresses with them
    for comment in ("# dipcheck: ignore[DC102,]", "# dipcheck: ignore[, DC102,,DC1]"):
        assert lint(_with(comment)) == [], comment


def test_a_misspelt_directive_of_commas_only_is_fixed_as_a_blanket_one() -> None:
    # its rewrite was `dipcheck: ignore[,]`, itself no suppression
    comment = "# dipcheck: ignroe[,]"
    (item,) = [item for item in run(_with(comment)).diagnostics if item.code == "DC904"]
    assert item.fix is not None
    assert [(edit.span.text, edit.text) for edit in item.fix.edits] == [
        ("dipcheck: ignroe[,]", "dipcheck: ignore[DC102]")
    ]


def test_a_suppression_of_commas_only_in_dot_and_yaml() -> None:
    dot = (
        "digraph G {\n"
        "  // dipcheck: ignore[,]\n"
        "  start [shape=Mdiamond]\n"
        "  done [shape=Msquare]\n"
        "  start -> done\n"
        "}\n"
    )
    steps = "name: y\nsteps:\n  - name: a\n    agent: x\n    prompt: hi  # dipcheck: disable[ , ]\n"
    found = [
        (item.code, item.span.start_position(), item.span.end_position(), item.span.text)
        for text, path in ((dot, "g.dot"), (steps, "f.yaml"))
        for item in lint_text(text, path).diagnostics
        if item.code.startswith("DC9")
    ]
    assert found == [
        ("DC902", (1, 2), (1, 24), "// dipcheck: ignore[,]"),
        ("DC902", (4, 16), (4, 40), "# dipcheck: disable[ , ]"),
    ]

"""DC9xx: problems with suppression comments and configuration."""

from __future__ import annotations

from dipcheck.diagnostics import Severity
from dipcheck.rules.registry import declare

declare(
    "DC901",
    "unused-suppression",
    Severity.WARNING,
    summary="A suppression code (`ignore`, `file-ignore`, `disable`) that suppresses nothing.",
    rationale=(
        "A suppression outlives the finding it was written for (the workflow was fixed, the "
        "line moved). Left in place it would silently hide a new finding of the same code."
    ),
    example="# dipcheck: ignore[DIP111]\ntool Build\n  command: make\n  timeout: 5m",
    fix="Remove the code from the comment (or the whole comment).",
    fix_availability="always",
)

declare(
    "DC902",
    "unknown-rule-code",
    Severity.WARNING,
    summary="A suppression comment names a code that is not a dipcheck rule.",
    rationale="A misspelled code suppresses nothing, so the finding it was meant for stays.",
    example="# dipcheck: ignore[DIP1111]",
    fix="Use a code, name or prefix that `dipcheck rule --all` lists.",
)

declare(
    "DC903",
    "unmatched-enable",
    Severity.WARNING,
    summary="A `# dipcheck: enable[...]` that ends no `disable[...]` above it.",
    rationale=(
        "`enable` ends a block opened by `disable` for the same rules. One that ends nothing "
        "is a leftover, or its `disable` names other rules than intended, so the block it was "
        "meant to close runs on to the end of the file."
    ),
    example="# dipcheck: enable[DC104]",
    fix="Remove the comment, or make the codes match the `disable` it should end.",
)

declare(
    "DC904",
    "invalid-suppression",
    Severity.WARNING,
    summary="A comment meant as a suppression that is not one (so it suppresses nothing).",
    rationale=(
        "`# dipcheck: ignore` without codes, `ignore DC102` without brackets, a misspelled "
        "directive (`ignroe[…]`) or `dipcheck` without its colon is an ordinary comment to the "
        "linter: the finding it was written for is still reported, or — worse — the author "
        "believes a block is covered that is not. A blanket `ignore` is refused on purpose: it "
        "would hide findings nobody has looked at; so is `ignore[ALL]`, a blanket one by "
        "another name (a group or a code prefix is accepted)."
    ),
    example="# dipcheck: ignore DC102\nagent Build\n  prompt: Use ${ctx.notes}.",
    fix=(
        "Write `# dipcheck: ignore[CODE]` (codes, rule names or prefixes in brackets). The fix "
        "rewrites the comment; for a blanket one it names the codes of the findings it covers, "
        "or removes it when it covers none."
    ),
    fix_availability="sometimes",
)

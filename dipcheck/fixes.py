"""Applying fixes and suppression comments to files: ``--fix``, ``--diff``, ``--add-ignore``.

A pass lints the text, takes every fix it may apply (safe ones; unsafe ones too when asked)
whose edits overlap no fix taken before it, applies them and lints again. Overlapping fixes
wait for a later pass, up to :data:`MAX_PASSES`; the text is fixed when a pass finds nothing
left to apply (a fixed point). A pass is kept only when the new text has no more loading and
syntax findings (DC0xx, per code) than the text before it; otherwise its fixes are tried one at
a time and those that break the file are left out. Fixes whose edits reach into another file
(a prompt file the workflow includes) are not applied.

Files are rewritten by :func:`dipcheck.writes.write_atomically` (a temporary file in the same
directory, then a rename): they keep their permissions and byte-order mark, and are not touched
when they changed on disk while they were being fixed, are read-only, have other hard links or
are symbolic links out of the tree being fixed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Edit
from dipcheck.engine import LintResult, anchors, detect_format, lint_text
from dipcheck.frontends.common import FileReader, read_from_disk
from dipcheck.records import field, record
from dipcheck.source import text_diff

MAX_PASSES = 10


@record
class FixOutcome:
    """What fixing one file's text did."""

    path: str
    original: str
    text: str
    result: LintResult  # the lint of ``text``
    applied: list[Diagnostic] = field(default_factory=list)
    rejected: list[Diagnostic] = field(default_factory=list)  # would add a DC0xx finding
    breaks: dict[int, list[str]] = field(default_factory=dict)  # id(rejected) → codes it adds
    passes: int = 0
    converged: bool = True
    named: bool = False  # the user named the file (engine.lint_paths)

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def elsewhere(self, unsafe: bool) -> list[Diagnostic]:
        """Remaining findings whose fix edits another file (an included prompt file …),
        which fixing this file does not apply."""
        return [
            item
            for item in self.result.diagnostics
            if item.fix is not None
            and (item.fix.safe or unsafe)
            and not applies(item, self.result, unsafe)
        ]


def loading_counts(diagnostics: Iterable[Diagnostic]) -> Counter[str]:
    """How many loading and syntax findings (DC0xx) of each code."""
    return Counter(item.code for item in diagnostics if item.code.startswith("DC0"))


def _no_new_loading(before: Counter[str], after: Counter[str]) -> bool:
    return all(count <= before.get(code, 0) for code, count in after.items())


def applies(item: Diagnostic, result: LintResult, unsafe: bool) -> bool:
    """Can ``item``'s fix be applied to ``result``'s file (all its edits are in that file)?"""
    fix = item.fix
    return (
        fix is not None
        and (fix.safe or unsafe)
        and bool(fix.edits)
        and all(edit.span.source is result.source for edit in fix.edits)
    )


def _overlaps(edit: Edit, taken: Sequence[Edit]) -> bool:
    """Closed-interval overlap: edits that touch wait for the next pass too."""
    return any(
        edit.span.start <= other.span.end and other.span.start <= edit.span.end for other in taken
    )


def non_overlapping(candidates: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The fixes, in order, whose edits overlap no edit of a fix taken before them."""
    taken: list[Edit] = []
    chosen: list[Diagnostic] = []
    for item in candidates:
        assert item.fix is not None
        edits = item.fix.edits
        if any(_overlaps(edit, taken) for edit in edits) or _self_overlapping(edits):
            continue
        taken.extend(edits)
        chosen.append(item)
    return chosen


def _self_overlapping(edits: Sequence[Edit]) -> bool:
    return any(_overlaps(edit, edits[:index]) for index, edit in enumerate(edits))


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits (offsets into ``text``)."""
    pieces: list[str] = []
    position = len(text)
    for edit in sorted(edits, key=lambda item: (item.span.start, item.span.end), reverse=True):
        pieces.append(text[edit.span.end : position])
        pieces.append(edit.text)
        position = edit.span.start
    pieces.append(text[:position])
    return "".join(reversed(pieces))


def _key(item: Diagnostic) -> tuple[str, str, str, tuple[str, ...]]:
    """A fix's identity across passes (positions shift when text before it changes)."""
    assert item.fix is not None
    return (
        item.code,
        item.message,
        item.fix.description,
        tuple(edit.text for edit in item.fix.edits),
    )


def _trial(
    outcome: FixOutcome,
    fixes: list[Diagnostic],
    before: Counter[str],
    relint: Callable[[str], LintResult],
) -> tuple[str, LintResult, list[str]]:
    """``fixes`` applied to the outcome's text, the new text's lint (by ``relint``), and what
    they break: the DC0xx codes they add, or that they change nothing (empty when they are
    fine). The outcome is not changed."""
    edits = [edit for item in fixes if item.fix is not None for edit in item.fix.edits]
    text = apply_edits(outcome.text, edits)
    if text == outcome.text:
        return text, outcome.result, ["nothing (no change)"]
    result = relint(text)
    return text, result, sorted(loading_counts(result.diagnostics) - before)


def _keep(outcome: FixOutcome, fixes: list[Diagnostic], text: str, result: LintResult) -> None:
    outcome.text, outcome.result = text, result
    outcome.applied.extend(fixes)


def fix_text(
    text: str,
    path: str,
    config: Config,
    unsafe: bool = False,
    fmt: str | None = None,
    named: bool = False,
    reader: FileReader = read_from_disk,
) -> FixOutcome:
    """Fix ``text`` (the content of ``path``) to a fixed point, without writing anything.
    ``named``: the user named the file (``engine.lint_paths``); ``reader`` reads the files it
    includes (the language server's reads open documents as they are in the editor)."""
    fmt = fmt or detect_format(path, config)

    def relint(text: str) -> LintResult:
        return lint_text(text, path, config, fmt, reader=reader, named=named)

    result = relint(text)
    outcome = FixOutcome(path, text, text, result, named=named)
    refused: set[tuple[str, str, str, tuple[str, ...]]] = set()

    def pending(result: LintResult) -> list[Diagnostic]:
        return non_overlapping(
            item
            for item in result.diagnostics
            if applies(item, result, unsafe) and _key(item) not in refused
        )

    for _ in range(MAX_PASSES):
        chosen = pending(result)
        if not chosen:
            return outcome
        outcome.passes += 1
        before = loading_counts(result.diagnostics)
        text, linted, broken = _trial(outcome, chosen, before, relint)
        if not broken:
            _keep(outcome, chosen, text, linted)
            result = linted
            continue
        # Something in the batch breaks the file (or changes nothing): try each fix on its
        # own and refuse those that break it, so that the next pass's batch holds the rest
        # (keeping only the first good fix per pass left a file with one bad fix among
        # eleven unfinished after ten passes). When each is fine alone, only not together,
        # keep the first and start a new pass.
        first: tuple[str, LintResult] | None = None
        refused_now = False
        for item in chosen:
            text, linted, broken = _trial(outcome, [item], before, relint)
            if not broken:
                first = first or (text, linted)
                continue
            refused.add(_key(item))
            refused_now = True
            outcome.rejected.append(item)
            outcome.breaks[id(item)] = broken
        if first is not None and not refused_now:
            _keep(outcome, chosen[:1], *first)
            result = first[1]
    outcome.converged = not pending(result)
    return outcome


def add_ignores(
    text: str, path: str, config: Config, fmt: str | None = None, named: bool = False
) -> FixOutcome:
    """Add ``# dipcheck: ignore[CODE]`` comments for every finding of ``text``.

    Loading errors (DC000 to DC002: the file does not parse or cannot be read) and suppression
    findings (DC9xx) are left alone: they are not findings a comment should hide. The comments
    are kept only when the text then has no new DC0xx finding. An Ordewell plan or planner
    reply gets none: JSON has no comments, and one in a reply's plan made that plan invalid
    without a loading finding (Ordewell then falls back to an earlier draft)."""
    from dipcheck import suppression_edits, suppressions

    fmt = fmt or detect_format(path, config) or "dip"
    result = lint_text(text, path, config, fmt, named=named)
    outcome = FixOutcome(path, text, text, result, named=named)
    wanted = [item for item in result.diagnostics if suppressions.adoptable(item)]
    if fmt == "ordewell":
        outcome.rejected = wanted
        return outcome
    if not wanted:
        return outcome
    edits = suppression_edits.ignore_edits(wanted, result.source, anchors(result.workflow), fmt)
    new_text = apply_edits(text, edits)
    new_result = lint_text(new_text, path, config, fmt, named=named)
    outcome.passes = 1
    if _no_new_loading(loading_counts(result.diagnostics), loading_counts(new_result.diagnostics)):
        outcome.text, outcome.result = new_text, new_result
        outcome.applied = wanted
    else:
        outcome.rejected = wanted
    return outcome


def unified_diff(outcome: FixOutcome) -> str:
    """The change as a unified diff that ``patch -p0`` applies from the current directory."""
    return text_diff(outcome.original, outcome.text, outcome.path, outcome.path)

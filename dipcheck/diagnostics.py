"""Findings: what a rule or a front-end reports, with spans into the sources."""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from dipcheck.records import field, record, replace
from dipcheck.source import MAX_TOKENS, SourceText, Span, placeholders_past
from dipcheck.terminal import quoted


class Severity(IntEnum):
    """Ordered so that a higher value is more severe."""

    HINT = 1
    INFO = 2
    WARNING = 3
    ERROR = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(
                f"unknown severity {quoted(text)} (use error, warning, info or hint)"
            ) from None


# Characters of a message kept: one that quotes a huge name (a step name of 300,000
# characters) is cut here, once, rather than in every report, editor hover and cache entry.
MAX_MESSAGE = 2000


def bounded(message: str) -> str:
    """``message``, cut to at most :data:`MAX_MESSAGE` characters, the note of how many went
    included, so that cutting it again changes nothing (a message read back from the cache
    or a worker process is made again: it was cut a second time, and said `25 more`)."""
    if len(message) <= MAX_MESSAGE:
        return message
    # (the note's count is at most the message's length, so its digits are at most those)
    kept = MAX_MESSAGE - len(f"… ({len(message)} more characters)")
    return f"{message[:kept]}… ({len(message) - kept} more characters)"


@record(frozen=True, slots=True)
class Related:
    span: Span
    message: str

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:
            object.__setattr__(self, "message", bounded(self.message))


@record(frozen=True, slots=True)
class Edit:
    span: Span
    text: str


@record(frozen=True, slots=True)
class Fix:
    description: str
    edits: tuple[Edit, ...]
    safe: bool = True


@record(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    help: str | None = None
    # Work left until the finding is certain to be shown: a did-you-mean searched among
    # thousands of names costs time a finding past MAX_PER_CODE would waste. It returns the
    # finished finding; :func:`within_limit` calls it. A finished finding has none.
    later: Callable[[Diagnostic], Diagnostic] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:
            object.__setattr__(self, "message", bounded(self.message))

    def with_severity(self, severity: Severity) -> Diagnostic:
        return replace(self, severity=severity)

    def sort_key(self) -> tuple[str, int, str, int]:
        return (self.span.path, self.span.start, self.code, self.span.end)


# Default severities of the loading codes (DC0xx) that front-ends report while they read a
# file. ``rules/loading.py`` documents each code with this severity; front-ends build their
# findings with :func:`loading_finding` so that they never import the rule layer.
LOADING_SEVERITY: dict[str, Severity] = {
    "DC000": Severity.ERROR,
    "DC001": Severity.ERROR,
    "DC002": Severity.ERROR,
    "DC003": Severity.ERROR,
    "DC004": Severity.ERROR,
    "DC005": Severity.ERROR,
    "DC006": Severity.ERROR,
    "DC007": Severity.WARNING,
    "DC008": Severity.WARNING,
    "DC009": Severity.ERROR,
    "DC011": Severity.ERROR,
}


def loading_finding(
    code: str,
    span: Span,
    message: str,
    related: tuple[Related, ...] = (),
    fix: Fix | None = None,
    help: str | None = None,
) -> Diagnostic:
    """A loading problem (DC0xx) with its code's default severity."""
    return Diagnostic(code, LOADING_SEVERITY[code], message, span, related, fix, help)


def past_token_limit(source: SourceText, stopped: Span | None, read: int) -> Diagnostic | None:
    """The DC002 finding of a front-end that ``stopped`` at a token past
    :data:`~dipcheck.source.MAX_TOKENS`, or whose ``read`` tokens and the text's placeholders
    together pass it; None when the file is within the limit."""
    span = stopped or placeholders_past(source, read)
    return None if span is None else too_many_tokens(span, MAX_TOKENS)


def too_many_tokens(span: Span, limit: int, unit: str = "tokens") -> Diagnostic:
    """The DC002 finding of a file whose front-end stopped at ``span``, the first token past
    ``limit`` (:data:`~dipcheck.source.MAX_TOKENS`)."""
    return loading_finding(
        "DC002",
        span,
        f"the file holds more than {limit:,} {unit}, over dipcheck's limit for one workflow: it "
        "stops reading here and checks nothing in the file; split the workflow into smaller "
        "files",
    )


# Findings of one code kept per file: past this, a finding is counted, not kept (300 KB of
# adjacent empty DOT strings made 300,000 front-end findings, 600 MB; a 60,000-edge DOT chain
# 180,000 rule findings); the last one kept says how many more there were. Front-ends count
# as they go (:class:`CodeLimit`), and the engine applies the same limit to the whole file's
# findings once suppressions have been applied (:func:`within_limit`).
MAX_PER_CODE = 1000


class CodeLimit:
    """Counts a front-end's findings by code (see :data:`MAX_PER_CODE`)."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def admit(self, code: str) -> bool:
        """Count one finding of ``code``; whether it is to be kept."""
        count = self.counts.get(code, 0) + 1
        self.counts[code] = count
        return count <= MAX_PER_CODE

    def full(self, code: str) -> bool:
        """Whether a further finding of ``code`` would only be counted: a caller then need not
        build its message (a did-you-mean search is an edit distance per known name)."""
        return self.counts.get(code, 0) >= MAX_PER_CODE

    def noted(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """``diagnostics`` with the last finding of each code over the limit saying how many
        more the file has."""
        over = {code: count - MAX_PER_CODE for code, count in self.counts.items()}
        over = {code: more for code, more in over.items() if more > 0}
        if not over:
            return diagnostics
        result = list(diagnostics)
        for index in range(len(result) - 1, -1, -1):
            item = result[index]
            more = over.pop(item.code, None)
            if more is not None:
                note = f" ({more} more {item.code} findings in this file are not shown)"
                result[index] = replace(item, message=item.message + note)
            if not over:
                break
        return result


def within_limit(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The first :data:`MAX_PER_CODE` of ``diagnostics`` of each code, in their order, each
    finished (:attr:`Diagnostic.later`); the last one kept of a code that had more says how
    many more."""
    limit = CodeLimit()
    kept = [finished(item) for item in diagnostics if limit.admit(item.code)]
    return limit.noted(kept) if len(kept) < len(diagnostics) else kept


def finished(diagnostic: Diagnostic) -> Diagnostic:
    """``diagnostic`` with the work it left for later done."""
    if diagnostic.later is None:
        return diagnostic
    done = diagnostic.later(diagnostic)
    return done if done.later is None else replace(done, later=None)


def insert_note(diagnostic: Diagnostic, at: int, note: str, fix: Fix | None) -> Diagnostic:
    """``diagnostic`` with ``note`` inserted at offset ``at`` of its message (kept where a
    later addition to the message's end put it) and ``fix`` as its fix, if one is given."""
    message = diagnostic.message
    at = min(at, len(message))
    return replace(
        diagnostic,
        message=message[:at] + note + message[at:],
        fix=fix if fix is not None else diagnostic.fix,
        later=None,
    )


def delete_lines(span: Span) -> Edit:
    """An edit that removes the whole lines ``span`` touches, line breaks included."""
    source = span.source
    first = source.line_of(span.start)
    last = source.line_of(max(span.end - 1, span.start))
    start = source.line_starts[first]
    end = source.line_starts[last + 1] if last + 1 < source.line_count else source.line_end(last)
    return Edit(Span(source, start, end), "")


def delete_spaced(span: Span) -> Edit:
    """An edit that removes ``span`` and the blanks before it (an attribute on a line)."""
    text = span.source.text
    start = span.start
    while start > 0 and text[start - 1] in " \t":
        start -= 1
    return Edit(Span(span.source, start, span.end), "")

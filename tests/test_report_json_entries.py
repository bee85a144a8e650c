"""The JSON report writes each finding straight to text: the same text as encoding the finding's
dictionary (``diagnostic_dict``) with ``json.dumps(indent=2)``, and the same document."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.report import json as json_report
from dipcheck.result import LintResult
from dipcheck.source import SourceText, Span

# any character, lone surrogates (a file name that is not UTF-8) and controls included
TEXT = st.text(st.characters(exclude_categories=()), max_size=30)
CODES = st.sampled_from(["DC101", "DIP003", "DC000", "DIP001", "XX999", "DC208"])


@st.composite
def results(draw: st.DrawFn) -> list[LintResult]:
    files = []
    for number in range(draw(st.integers(1, 3))):
        text = draw(st.text("ab \n\r\u00e9\U0001f600", max_size=40))
        path = draw(st.sampled_from(["a.dip", "b.dip", "c/\udcff.dip", "\u00e9.dot"]))
        source = SourceText(f"{number}/{path}", text)

        def spans(source: SourceText = source, text: str = text) -> st.SearchStrategy[Span]:
            # offsets past the end too: positions clamp them
            offsets = st.integers(0, len(text) + 2)
            return st.tuples(offsets, offsets).map(lambda pair: Span(source, min(pair), max(pair)))

        related = st.builds(Related, spans(), TEXT)
        fixes = st.builds(
            Fix,
            TEXT,
            st.lists(st.builds(Edit, spans(), TEXT), max_size=3).map(tuple),
            st.booleans(),
        )
        diagnostics = st.builds(
            Diagnostic,
            CODES,
            st.sampled_from(list(Severity)),
            TEXT,
            spans(),
            st.lists(related, max_size=3).map(tuple),
            st.none() | fixes,
        )
        found = draw(st.lists(diagnostics, max_size=6))
        files.append(LintResult(source.path, source, None, found))
    return files


def _document(files: list[LintResult], skipped: int) -> dict[str, object]:
    """The report as a dictionary, built as the report did before it wrote entries directly."""
    diagnostics = json_report.sorted_diagnostics(files)
    return {
        "version": 1,
        "tool": {"name": "dipcheck", "version": json_report.__version__},
        "files": [result.path for result in files],
        "diagnostics": [json_report.diagnostic_dict(item) for item in diagnostics],
        "summary": {
            "files": len(files),
            "errors": sum(item.severity is Severity.ERROR for item in diagnostics),
            "warnings": sum(item.severity is Severity.WARNING for item in diagnostics),
            "infos": sum(item.severity is Severity.INFO for item in diagnostics),
            "hints": sum(item.severity is Severity.HINT for item in diagnostics),
            "skipped": skipped,
        },
    }


@settings(max_examples=300, deadline=None)
@given(results(), st.integers(0, 3))
def test_report_is_the_documents_json(files: list[LintResult], skipped: int) -> None:
    expected = json.dumps(_document(files, skipped), ensure_ascii=False, indent=2)
    rendered = json_report.render(files, skipped)
    assert rendered == json_report.jsontext.utf8_safe(expected) + "\n"
    assert json.loads(rendered)["summary"]["skipped"] == skipped


def test_sorted_by_file_then_position_code_and_end() -> None:
    source = SourceText("w.dip", "ab\ncd\n")
    late = Diagnostic("DC101", Severity.ERROR, "late", Span(source, 4, 5))
    early_b = Diagnostic("DIP003", Severity.ERROR, "b", Span(source, 0, 2))
    early_a = Diagnostic("DC101", Severity.ERROR, "a", Span(source, 0, 1))
    other = SourceText("a.dip", "x")
    first = Diagnostic("DC101", Severity.WARNING, "first", Span(other, 0, 1))
    files = [LintResult("w.dip", source, None, [late, early_b, early_a])]
    files.append(LintResult("a.dip", other, None, [first]))
    assert json_report.sorted_diagnostics(files) == [first, early_a, early_b, late]
    entries = json.loads(json_report.render(files))["diagnostics"]
    assert [entry["message"] for entry in entries] == ["first", "a", "b", "late"]
    assert entries[3]["range"] == {
        "start": {"line": 2, "column": 2},
        "end": {"line": 2, "column": 3},
    }

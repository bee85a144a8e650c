"""docs/runtime-coverage.md covers tracker-runtime.md: every row of §2.3 and §4.1 to §4.5 (table
rows, list items, and bold-labelled paragraphs that state a behaviour) is matched by an entry
of dipcheck.rules.runtime_coverage, every entry matches a row and names codes that exist (or
says why none can), and the page is what the generator writes."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from helpers import PROJECT

from dipcheck.rules import registry, runtime_coverage
from dipcheck.rules.runtime_coverage import ENTRIES, SECTIONS, expand

REFERENCE = PROJECT.parent / "shared" / "reference" / "tracker-runtime.md"
_ITEM = re.compile(r"^(\s*)(?:-|\d+\.)\s+(.*)$")
_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\b")


@dataclass(frozen=True)
class Row:
    section: str
    text: str  # the row's own text
    context: str  # the headings it sits under (bold paragraph, parent list items)

    @property
    def full(self) -> str:
        return f"{self.context}\n{self.text}"


def _blocks(lines: list[str]) -> list[tuple[str, int, str]]:
    """(kind, indent, text) for each table row, list item and paragraph; continuation lines
    are joined to their item or paragraph."""
    blocks: list[tuple[str, int, str]] = []
    for line in lines:
        if not line.strip():
            blocks.append(("blank", 0, ""))
            continue
        if line.startswith("|"):
            blocks.append(("table", 0, line))
            continue
        item = _ITEM.match(line)
        if item:
            blocks.append(("item", len(item.group(1)), item.group(2)))
            continue
        indent = len(line) - len(line.lstrip())
        if blocks and blocks[-1][0] in ("item", "para") and (indent > 0 or blocks[-1][0] == "para"):
            kind, level, text = blocks[-1]
            blocks[-1] = (kind, level, f"{text} {line.strip()}")
            continue
        blocks.append(("para", 0, line.strip()))
    return blocks


def reference_rows(text: str) -> list[Row]:
    sections: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            current = heading.group(1) if heading.group(1) in SECTIONS else None
            continue
        if line.startswith("## "):
            current = None
            continue
        if current is not None:
            sections.setdefault(current, []).append(line)
    rows: list[Row] = []
    for section, lines in sections.items():
        blocks = [block for block in _blocks(lines)]
        label = ""
        parents: list[tuple[int, str]] = []
        table_header = True
        for index, (kind, indent, body) in enumerate(blocks):
            following = next((b for b in blocks[index + 1 :] if b[0] != "blank"), None)
            if kind == "blank":
                continue
            if kind == "table":
                if body.startswith("|---"):
                    continue
                if table_header:
                    table_header = False
                    continue
                rows.append(Row(section, body, label))
                if following is None or following[0] != "table":
                    table_header = True
                continue
            if kind == "para":
                parents = []
                if not body.startswith("**"):
                    continue  # plain prose: notes, not messages
                if following is not None and following[0] in ("item", "table"):
                    label = body  # the heading of the list or table that follows
                else:
                    label = ""
                    rows.append(Row(section, body, ""))
                continue
            parents = [(level, t) for level, t in parents if level < indent]
            has_children = (
                following is not None and following[0] == "item" and following[1] > indent
            )
            context = "\n".join([label, *(t for _, t in parents)])
            if has_children:
                parents.append((indent, body))
                continue
            rows.append(Row(section, body, context))
    return rows


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    if not REFERENCE.is_file():
        pytest.skip("../shared/reference/tracker-runtime.md is not available")
    return reference_rows(REFERENCE.read_text(encoding="utf-8"))


def test_the_reference_has_rows_in_every_section(rows: list[Row]) -> None:
    assert {row.section for row in rows} == set(SECTIONS)
    assert len(rows) > 60


def test_every_reference_row_has_an_entry(rows: list[Row]) -> None:
    missing = [
        f"§{row.section}: {row.text[:100]}"
        for row in rows
        if not any(e.section == row.section and e.match in row.full for e in ENTRIES)
    ]
    assert missing == []


def test_every_entry_matches_a_reference_row(rows: list[Row]) -> None:
    stale = [
        f"§{entry.section}: {entry.match}"
        for entry in ENTRIES
        if not any(row.section == entry.section and entry.match in row.full for row in rows)
    ]
    assert stale == []


def test_every_code_exists_and_every_entry_without_codes_says_why() -> None:
    known = {rule.code for rule in registry.all_rules()}
    for entry in ENTRIES:
        assert entry.section in SECTIONS
        if not entry.codes:
            assert entry.reason, entry
        for code in entry.codes:
            if ".." in code:
                low, high = code.split("..")
                assert low in known and high in known, entry
                assert expand(code)
            else:
                assert code in known, f"{code} ({entry.message})"


def test_a_row_without_an_entry_is_found() -> None:
    reference = (
        "## 4. Diagnostics\n\n### 4.5 Run-time-only failures\n\n| Where | What fails |\n|---|---|\n"
        "| tool nodes | the tool errors |\n| somewhere new | `a message nobody covers` |\n"
    )
    parsed = reference_rows(reference)
    assert [row.text for row in parsed] == [
        "| tool nodes | the tool errors |",
        "| somewhere new | `a message nobody covers` |",
    ]
    uncovered = [
        row
        for row in parsed
        if not any(e.section == row.section and e.match in row.full for e in ENTRIES)
    ]
    assert [row.text for row in uncovered] == ["| somewhere new | `a message nobody covers` |"]


def test_lists_nest_under_their_headings() -> None:
    reference = (
        "### 2.3 Lists\n\n**Denylist:**\n- first\n- parent:\n  - child one\n  - child two\n"
        "\n**Environment:** a stated behaviour\ncontinued here.\n\nPlain prose is no row.\n"
    )
    parsed = reference_rows(reference)
    assert [(row.text, row.context) for row in parsed] == [
        ("first", "**Denylist:**"),
        ("child one", "**Denylist:**\nparent:"),
        ("child two", "**Denylist:**\nparent:"),
        ("**Environment:** a stated behaviour continued here.", ""),
    ]


def test_the_page_is_rendered_from_the_entries() -> None:
    page = (PROJECT / "docs" / "runtime-coverage.md").read_text(encoding="utf-8")
    assert page == runtime_coverage.page()
    for entry in ENTRIES:
        assert runtime_coverage._cell(entry.message) in page

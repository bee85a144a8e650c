"""``--statistics``: how many findings of each code, most frequent first.

    12  DC104   not-produced-on-every-path
     3  DIP003  unknown-node-reference      [*]

``[*]`` marks codes with findings ``--fix`` changes, ``[-]`` codes whose findings only
``--fix --unsafe-fixes`` changes; a legend under the table says so. With ``--format json`` the
same as a JSON list.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from dipcheck.records import record
from dipcheck.result import LintResult
from dipcheck.rules import registry


@record
class Row:
    code: str
    name: str
    count: int
    safe_fixes: int
    unsafe_fixes: int

    @property
    def mark(self) -> str:
        return "[*]" if self.safe_fixes else "[-]" if self.unsafe_fixes else ""


def rows(results: Sequence[LintResult]) -> list[Row]:
    found: dict[str, Row] = {}
    for result in results:
        for item in result.diagnostics:
            row = found.get(item.code)
            if row is None:
                rule = registry.get(item.code)
                row = found[item.code] = Row(item.code, rule.name if rule else "", 0, 0, 0)
            row.count += 1
            if item.fix is not None:
                if item.fix.safe:
                    row.safe_fixes += 1
                else:
                    row.unsafe_fixes += 1
    return sorted(found.values(), key=lambda row: (-row.count, registry.code_key(row.code)))


def render(results: Sequence[LintResult], fmt: str = "text") -> str:
    table = rows(results)
    if fmt == "json":
        listed = [
            {
                "code": row.code,
                "name": row.name,
                "count": row.count,
                "fixable": row.safe_fixes,
                "unsafe_fixable": row.unsafe_fixes,
            }
            for row in table
        ]
        return json.dumps(listed, indent=2) + "\n"
    if not table:
        return ""
    count_width = max(len(str(row.count)) for row in table)
    code_width = max(len(row.code) for row in table)
    name_width = max(len(row.name) for row in table)
    lines = [
        f"{row.count:>{count_width}}  {row.code:<{code_width}}  {row.name:<{name_width}}  "
        f"{row.mark}".rstrip()
        for row in table
    ]
    marks = {row.mark for row in table}
    legend = [text for mark, text in LEGEND.items() if mark in marks]
    if legend:
        lines.extend(["", *legend])
    return "\n".join(lines) + "\n"


# What the marks mean, printed under the table when a row carries one.
LEGEND = {
    "[*]": "[*] some findings of the code are fixed by `--fix`",
    "[-]": "[-] fixed only by `--fix --unsafe-fixes` (fixes to review)",
}

"""``--statistics``: how many findings of each code, most frequent first.

    12  DC104   not-produced-on-every-path
     3  DIP003  unknown-node-reference      [*]

``[*]`` marks codes with findings a fix can change (``--fix``, or ``--fix --unsafe-fixes``
for the ones marked ``[-]`` only). With ``--format json`` the same as a JSON list.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from dipcheck.result import LintResult
from dipcheck.rules import registry


@dataclass
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
    return "\n".join(lines) + "\n"

"""``--format json-lines``: one JSON object per finding and line, in the shape of a
``diagnostics[]`` entry of the JSON document (see ``dipcheck.report.json``)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from dipcheck import jsontext
from dipcheck.report.json import diagnostic_dict, sorted_diagnostics
from dipcheck.result import LintResult


def render(results: Sequence[LintResult]) -> str:
    return "".join(
        jsontext.utf8_safe(json.dumps(diagnostic_dict(item), ensure_ascii=False)) + "\n"
        for item in sorted_diagnostics(results)
    )

"""The JSON report's low-memory encoder writes exactly what ``json.dumps(indent=2)`` does."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.report.json import dumps

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(), VALUES | st.lists(VALUES, max_size=5), max_size=5))
def test_dumps_matches_json_dumps(document: dict[str, Any]) -> None:
    assert dumps(document) == json.dumps(document, ensure_ascii=False, indent=2)

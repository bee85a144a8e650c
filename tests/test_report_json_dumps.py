"""The JSON report's piecewise encoder writes exactly what ``json.dumps(indent=2)`` does."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.report.json import encode

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
DOCUMENTS = st.dictionaries(st.text(), VALUES | st.lists(VALUES, max_size=5), max_size=5)


@settings(max_examples=300, deadline=None)
@given(DOCUMENTS)
def test_encode_matches_json_dumps(document: dict[str, Any]) -> None:
    assert "".join(encode(document)) == json.dumps(document, ensure_ascii=False, indent=2)


@settings(max_examples=100, deadline=None)
@given(DOCUMENTS)
def test_top_level_iterators_encode_as_lists(document: dict[str, Any]) -> None:
    lazy = {key: iter(item) if isinstance(item, list) else item for key, item in document.items()}
    assert "".join(encode(lazy)) == json.dumps(document, ensure_ascii=False, indent=2)

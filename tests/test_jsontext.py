"""dipcheck.jsontext writes what ``json.dumps(value, ensure_ascii=False, indent=2)`` writes."""

from __future__ import annotations

import enum
import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipcheck import jsontext

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text()
    | st.sampled_from(["", "\n", '"', "\\", "\x1b[31m", "\u2028", "🚀", "\ud800"])
)
KEYS = st.text() | st.integers() | st.booleans() | st.none() | st.floats(allow_nan=False)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.lists(inner, max_size=5).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=5)
    ),
    max_leaves=40,
)


def _standard(value: Any, level: int) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n" + "  " * level)


@given(VALUES, st.integers(0, 3))
def test_the_text_is_the_standard_encoders(value: Any, level: int) -> None:
    assert jsontext.dumps(value, level) == _standard(value, level)


class Colour(enum.StrEnum):
    RED = "red"


class Count(enum.IntEnum):
    ONE = 1


class Mapping(dict):  # type: ignore[type-arg]
    pass


@pytest.mark.parametrize(
    "value",
    [Colour.RED, Count.ONE, Mapping(a=[1, {}]), {"x": [Mapping(), ()]}, math.inf, -0.0, 1e300],
    ids=["str-enum", "int-enum", "dict-subclass", "nested-empties", "inf", "negative-zero", "big"],
)
def test_subclasses_and_floats_as_the_standard_encoder_writes_them(value: Any) -> None:
    assert jsontext.dumps(value, 1) == _standard(value, 1)


def test_what_the_standard_encoder_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        jsontext.dumps({"a": object()})
    with pytest.raises(TypeError):
        jsontext.dumps({(1, 2): "tuple key"})

"""dipcheck.lazyre: a pattern made with ``lazy`` is compiled when first used, and answers as
the compiled pattern does."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipcheck import lazyre
from dipcheck.lazyre import lazy

SOURCE = r"^[ \t]*(\w+)[ \t]*:[ \t]*(.*)$"


def test_nothing_is_compiled_until_a_method_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile

    def counting(source: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(source)
        return real(source, flags)

    monkeypatch.setattr(lazyre.re, "compile", counting)
    pattern = lazy(SOURCE, re.MULTILINE)
    assert compiled == []
    assert pattern.search("x\n  key: value").groups() == ("key", "value")  # type: ignore[union-attr]
    assert pattern.search("nothing") is None
    assert compiled == [SOURCE]  # the method found is kept: not looked up again
    assert pattern.flags & re.MULTILINE and pattern.pattern == SOURCE


@given(st.text(alphabet=" \tab:\n_9", max_size=30))
def test_a_lazy_pattern_answers_as_the_compiled_one(text: str) -> None:
    compiled, deferred = re.compile(SOURCE, re.MULTILINE), lazy(SOURCE, re.MULTILINE)
    assert [m.span() for m in deferred.finditer(text)] == [
        m.span() for m in compiled.finditer(text)
    ]
    assert deferred.sub("<\\1>", text) == compiled.sub("<\\1>", text)
    found, expected = deferred.fullmatch(text), compiled.fullmatch(text)
    assert (found and found.groups()) == (expected and expected.groups())

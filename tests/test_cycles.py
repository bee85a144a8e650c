"""A `.dip` lint leaves nothing for the cycle collector.

The language server keeps one lint per open document and drops it at the next edit; the
collector is off while the server answers (dipcheck_lsp/collector.py). Whatever a lint
leaves in a reference cycle stays in memory until the next collection, and collecting the
whole model of a large workflow took longer than the lint's own rules: the rule context and
the analyses it shares referred to each other, so the workflow they held waited for the
collector after every edit (``Context.close``)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from helpers import CORPUS, PROJECT

from dipcheck.cycles import paused as collector_off
from dipcheck.engine import lint_text

FILES = sorted((PROJECT / "fixtures").rglob("*.dip"))
CORPUS_FILES = sorted(CORPUS.rglob("*.dip")) if CORPUS.is_dir() else []


def left_in_cycles(path: Path) -> int:
    """How many objects a lint of ``path`` leaves that only the cycle collector frees."""
    text = path.read_text(encoding="utf-8")
    lint_text(text, str(path))  # (a first lint imports modules and fills caches)
    with collector_off():
        gc.collect()
        result = lint_text(text, str(path))
        assert result.workflow is not None
        del result
        return gc.collect()


def test_the_count_sees_a_cycle() -> None:
    """The measure itself: a cycle made on purpose is counted."""
    with collector_off():
        gc.collect()
        loop: list[object] = []
        loop.append(loop)
        del loop
        assert gc.collect() == 1


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_a_fixture_lint_leaves_no_cycle(path: Path) -> None:
    assert left_in_cycles(path) == 0


def test_a_corpus_lint_leaves_no_cycle() -> None:
    if not CORPUS_FILES:
        pytest.skip("../shared/corpus is not beside the project")
    names = [str(path.relative_to(CORPUS)) for path in CORPUS_FILES]
    left = {name: left_in_cycles(path) for name, path in zip(names, CORPUS_FILES, strict=True)}
    assert left == dict.fromkeys(names, 0)

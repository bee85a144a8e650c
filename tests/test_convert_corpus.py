"""``dipcheck convert`` on every tracker pipeline that has both a ``.dot`` and a ``.dip`` twin
(the 18 pairs in tracker's repository, 36 files): each file is converted to the other format
and back.

* The first conversion lowers to the same workflow and lints with the same findings (the codes
  one format alone has excepted), but for what the target format cannot say — every such
  difference is pinned below with its reason, and the parity check reports each of them.
* Converting back loses nothing more: the round trip differs from the original exactly as the
  first conversion did.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from helpers import CORPUS

from dipcheck.config import Config
from dipcheck.convert import convert, parity
from dipcheck.engine import lint_file

pytestmark = pytest.mark.corpus


def _twins() -> list[Path]:
    tracker = CORPUS / "tracker"
    if not tracker.is_dir():
        return []
    found: list[Path] = []
    for dot in sorted(tracker.rglob("*.dot")):
        if dot.with_suffix(".dip").is_file():
            found += [dot, dot.with_suffix(".dip")]
    return found


# What a DOT pipeline says that a .dip file cannot (tracker-runtime.md §0.2): graph-level
# `retry_target` and `fallback_retry_target` (no `defaults` field), the graph `label` and
# custom graph attributes (`$source_ref` …; .dip vars become `params.*`).
GRAPH_ONLY = {
    ("removed", "setting", "defaults.fallback_retry_target", ""),
    ("removed", "setting", "defaults.retry_target", ""),
    ("removed", "setting", "label", ""),
}
# `A && B` must be written `A and B` in .dip (dippin has no `&&`), which tracker up to v0.64
# reads as one comparison (tracker#647): the conditions change and DC301 says so.
AND_SPLIT = {
    ("changed", "condition", "PickNextTask -> ImplementTask", ""),
    ("changed", "condition", "ValidatePlanFormat -> DraftPlan", ""),
}
AND_SPLIT_KITCHEN = {
    ("changed", "condition", "PickNextTask -> CookoffFanOut", ""),
    ("changed", "condition", "ValidatePlanFormat -> DraftPlan", ""),
}
# (changes, codes only in the original, codes only in the conversion)
#
# Without the graph's `retry_target`/`fallback_retry_target`, which tracker's engine falls back
# to for a failed node that has no route of its own (tracker-runtime.md §5.3, DIP115/DIP104),
# the converted files route no failure of the nodes that relied on them: DC315 at each. And a
# .dip fan_in joins the parallel whose first branch it lists, where DOT needs an explicit
# `parallel_join` (§0.2): the branches are then known to run only as branches, so their retry
# attributes are inert — named by DC333 with the goal gates of the same blocks (no DC319).
EXPECTED: dict[str, tuple[set[tuple[str, str, str, str]], dict[str, int], dict[str, int]]] = {
    "consensus_task.dot": (GRAPH_ONLY, {}, {"DC315": 1}),
    "simple.dot": ({("removed", "setting", "label", "")}, {}, {}),  # testdata/simple.dot
    "consensus_task_parity.dot": (GRAPH_ONLY, {}, {}),
    "dotpowers.dot": (GRAPH_ONLY | AND_SPLIT, {}, {"DC301": 2, "DC315": 16}),
    "dotpowers-auto.dot": (GRAPH_ONLY | AND_SPLIT, {}, {"DC301": 2, "DC315": 14}),
    "dotpowers-simple.dot": (GRAPH_ONLY | AND_SPLIT, {}, {"DC301": 2, "DC315": 13}),
    "dotpowers-simple-auto.dot": (GRAPH_ONLY | AND_SPLIT, {}, {"DC301": 2, "DC315": 12}),
    "scenario-testing.dot": (GRAPH_ONLY | AND_SPLIT, {}, {"DC301": 2, "DC315": 19}),
    "kitchen-sink.dot": (
        GRAPH_ONLY | AND_SPLIT_KITCHEN,
        {},
        {"DC301": 2, "DC315": 18},
    ),
    "test-kitchen.dot": (
        GRAPH_ONLY | AND_SPLIT_KITCHEN,
        {},
        {"DC301": 2, "DC315": 17},
    ),
    "semport_thematic.dot": (
        GRAPH_ONLY
        | {
            ("removed", "setting", "source_ref", ""),
            ("removed", "setting", "target_module", ""),
            ("removed", "setting", "target_name", ""),
        },
        {},
        {},
    ),
    # tracker refuses semport.dot (a cycle without a conditional edge); the .dip marks the
    # edge that closes it `restart: true`, which dippin accepts
    "semport.dot": (set(), {"DIP005": 1}, {}),
    # the other way round: these .dip files loop through edges without a condition (a human
    # gate's labels, an unconditional fallback), marked as back edges; tracker's DOT loader
    # refuses such a cycle (`graph contains a cycle`)
    **{
        f"{name}.dip": (set(), {}, {"DIP005": 1})
        for name in (
            "ask_and_execute",
            "dotpowers",
            "dotpowers-auto",
            "dotpowers-simple",
            "dotpowers-simple-auto",
            "scenario-testing",
            "semport",
            "test-kitchen",
        )
    },
}
# The round trip .dip → DOT → .dip writes `ctx.x != "a and ctx.y != b"` for a condition that
# tracker ≤ v0.64 reads as one comparison: the same reading, now spelled out, so DC301 (which
# warns that the text reads otherwise) is gone from the round trip.
ROUND_TRIP_FIXED = {
    f"{name}.dip": {"DC301": 2}
    for name in (
        "dotpowers",
        "dotpowers-auto",
        "dotpowers-simple",
        "dotpowers-simple-auto",
        "scenario-testing",
        "kitchen-sink",
        "test-kitchen",
    )
}

FILES = pytest.mark.parametrize(
    "path",
    _twins() or [pytest.param(None, marks=pytest.mark.skip(reason="../shared/corpus not found"))],
    ids=lambda path: path.name if isinstance(path, Path) else "absent",
)


def _codes(items: list[object]) -> dict[str, int]:
    return dict(Counter(item.code for item in items))  # type: ignore[attr-defined]


def _changes(items: list[object]) -> set[tuple[str, str, str, str]]:
    return {(c.kind, c.what, c.subject, c.detail) for c in items}  # type: ignore[attr-defined]


def test_the_corpus_has_its_18_pairs() -> None:
    if not (CORPUS / "tracker").is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    assert len(_twins()) == 36


@FILES
def test_convert_and_back(path: Path) -> None:
    config = Config()
    original = lint_file(str(path), config)
    target = "dip" if path.suffix == ".dot" else "dot"
    first = convert(original, target, config)
    changes, only_original, only_converted = EXPECTED.get(path.name, (set(), {}, {}))
    assert _changes(first.parity.changes) == changes
    assert _codes(first.parity.only_original) == only_original
    assert _codes(first.parity.only_converted) == only_converted
    assert first.parity.ok is not bool(changes or only_original or only_converted)
    back = convert(first.converted, path.suffix[1:], config)
    round_trip = parity(original, back.converted, config)
    assert _changes(round_trip.changes) == changes  # nothing more is lost on the way back
    if path.suffix == ".dot":  # semport's refused cycle is back in the DOT file
        assert _codes(round_trip.only_original) == {}
        assert _codes(round_trip.only_converted) == only_converted
    else:
        assert _codes(round_trip.only_original) == ROUND_TRIP_FIXED.get(path.name, {})
        assert _codes(round_trip.only_converted) == {}


@FILES
def test_comments_survive_both_ways(path: Path) -> None:
    config = Config()
    original = lint_file(str(path), config)
    target = "dip" if path.suffix == ".dot" else "dot"
    first = convert(original, target, config)
    back = convert(first.converted, path.suffix[1:], config)
    marker = "#" if path.suffix == ".dip" else "//"
    from dipcheck.convert.comments import attach

    wanted = attach(original.workflow).count  # type: ignore[arg-type]
    assert attach(first.converted.workflow).count >= wanted  # type: ignore[arg-type]
    kept = {line.strip() for line in back.text.splitlines() if line.strip().startswith(marker)}
    for comment in (line.strip() for line in path.read_text().splitlines()):
        if comment.startswith(marker) and not comment.startswith("#!"):
            assert comment in kept or comment.rstrip() in kept, comment

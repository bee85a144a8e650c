"""Session 22's short paths in the ``.dip`` lowering, against the general ones.

* ``FieldLowering.plain`` (the test behind ``check_fields`` and ``GraphLowering.node``) also
  keeps one-line values of checked types (durations, integers, booleans …) that pass, asking
  ``schema.check_value`` once per short (type, text) in a process (``passes``): the fields
  and the diagnostics must be what ``check_each``, the field-by-field path, gives, whatever
  was asked before.
* ``GraphLowering.node`` calls ``plain`` and ``check_each`` itself (its message made only when
  the general path runs): a whole file must lower as with ``check_each`` on every node.
* ``FieldLowering.block_fields`` makes a ``KEY RAW`` field (a multi-line block) itself, as
  it does ``KEY VALUE``: a file must lower as with ``field`` on every field.
* ``GraphLowering.edges_block`` lowers an edge with one ``key: value`` attribute itself (as
  ``A -> B`` and ``A -> B when …``): a file's edges must lower as through ``edge``.
* ``include_file`` with a lowering's ``folders`` (the directives' folders found inside the
  workflow's directory) must resolve every directive as without it, links in and out of the
  folder included, whatever the earlier directives were.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.frontends import dip_fields
from dipcheck.frontends import dip_schema as schema
from dipcheck.frontends.common import Inclusion, include_file, read_from_disk
from dipcheck.frontends.dip import _Lowering, load_dip
from dipcheck.frontends.dip_fields import FieldLowering
from dipcheck.frontends.dip_graph import GraphLowering
from dipcheck.lalr import Tree
from dipcheck.model import Field, NodeKind, Text
from dipcheck.source import SourceText, Span

SOURCE = SourceText("t.dip", "abcdefghij" * 4)
SPAN = Span(SOURCE, 0, 1)

# known keys of checked types (duration, integer, boolean, timeout action, none-only, globs,
# node id), of any text, a mapping, a file directive and its twin, unknown ones
KEYS = st.sampled_from(
    [
        "timeout",
        "max_retries",
        "max_turns",
        "goal_gate",
        "auto_status",
        "timeout_action",
        "prompt_prefix",
        "writable_paths",
        "fallback_target",
        "prompt",
        "reads",
        "params",
        "prompt_file",
        "x",
    ]
)
VALUES = st.sampled_from(
    ["", " ", "30s", "1h30m", "5d", "3", "-1", "x3", "true", "no", "fail", "none", "a, b", ","]
)
TABLES = st.sampled_from(
    [
        schema.NODE_FIELDS[NodeKind.AGENT],
        schema.NODE_FIELDS[NodeKind.TOOL],
        schema.DEFAULTS_FIELDS,
        schema.BRANCH_FIELDS,
    ]
)


def _lowering() -> _Lowering:
    return _Lowering(SOURCE, {}, None, "", read_from_disk)


@st.composite
def _fields(draw: st.DrawFn) -> list[Field]:
    result = []
    for key, value in draw(st.lists(st.tuples(KEYS, VALUES), max_size=6)):
        children: tuple[Field, ...] = ()
        if draw(st.integers(0, 6)) == 0:
            children = (Field("k", SPAN, Text.at("v", SOURCE, 0), SPAN, SPAN),)
        block = draw(st.integers(0, 6)) == 0
        text = Text.at(value, SOURCE, 2)
        result.append(Field(key, SPAN, text, SPAN, SPAN, block=block, children=children))
    return result


@settings(max_examples=60, deadline=None)
@given(st.lists(_fields(), min_size=1, max_size=3), TABLES, st.booleans())
def test_check_fields_gives_what_check_each_gives(
    runs: list[list[Field]], table: dict[str, schema.FieldSpec], hint: bool
) -> None:
    # one lowering for every run, as a file's nodes share it: what `passes` kept from one
    # run must not change what a later one gives
    fast, general = _lowering(), _lowering()
    for fields in runs:
        found = fast.check_fields(iter(fields), table, "agent `A`", hint)
        expected = general.check_each(list(fields), table, "agent `A`", hint)
        assert found == expected
        assert found is not fields  # (a list of its own: callers may change it)
    assert fast.diagnostics == general.diagnostics


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(schema.ValueType)), VALUES), max_size=8))
def test_passes_is_check_value(pairs: list[tuple[schema.ValueType, str]]) -> None:
    lowering = _lowering()
    for kind, text in pairs + pairs:  # (each pair asked again, from the memo)
        assert lowering.passes(kind, text) is (schema.check_value(kind, text) is None)
    for kind, text in pairs:  # (and by a lowering of its own)
        assert _lowering().passes(kind, text) is (schema.check_value(kind, text) is None)


def test_passes_keeps_short_pairs_and_a_bounded_number() -> None:
    lowering = _lowering()
    long_value = "a" * (dip_fields._PASSED_LENGTH + 1)
    assert lowering.passes(schema.ValueType.PATHS, long_value)
    assert ("path globs", long_value) not in dip_fields._PASSED
    for number in range(dip_fields._PASSED_SIZE + 10):
        assert lowering.passes(schema.ValueType.INTEGER, str(number))
    assert len(dip_fields._PASSED) <= dip_fields._PASSED_SIZE
    assert not lowering.passes(schema.ValueType.INTEGER, "x1")
    assert ("integer", "x1") not in dip_fields._PASSED


def _lowers_alike(source: SourceText, owner: type, name: str, general_path: object) -> None:
    """``load_dip`` gives the same workflow and diagnostics with ``owner.name`` replaced by
    ``general_path`` (the path the short one stands for) as without."""
    fast = load_dip(source, None)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(owner, name, general_path)
        general = load_dip(source, None)
    assert fast.workflow == general.workflow
    assert fast.diagnostics == general.diagnostics


NODE_TEXTS = st.sampled_from(
    [
        "  agent A\n    prompt: go\n    timeout: 30s\n    max_retries: 2\n",
        "  agent A\n    prompt: go\n    timeout: 3d\n",
        "  agent A\n    prompt: x\n    timeout:\n      30s\n",
        "  agent A\n    prompt: x\n    max_turns: many\n    goal_gate: true\n",
        "  agent A\n    prompt: x\n    prompt_file: nowhere.md\n    prompt: y\n",
        "  agent A\n    prompt: x\n    params:\n      a: 1\n",
        "  agent A\n    promt: x\n    timeout: 30s\n    timeout: 30s\n",
        "  tool B\n    command: echo\n    timeout: 30s\n    fallback_target: A\n",
        "  tool B\n    command: echo\n    unknown: 1\n",
        "  parallel P -> A, B\n    model: m\n",
        "  parallel P\n    branch: A\n      timeout: 1m\n    branch: B\n",
        "  fan_in J <- A, B\n",
        "  human H\n    mode: choice\n    timeout: 1m\n    timeout_action: fail\n",
        "  human H\n",
        "  agent A\n    prompt: go ${ctx.k}\n    writes: k\n",
        "  agent A\n    prompt: x\n    prompt: again\n",
    ]
)
# the workflow's header and defaults: none, a key given twice, typed values
HEADERS = st.sampled_from(
    ["", "  goal: g\n  goal: h\n", "  goal: g\n  max_turns: 3\n  defaults\n    timeout: 30s\n"]
)


@settings(max_examples=80, deadline=None)
@given(st.lists(NODE_TEXTS, max_size=4), HEADERS)
def test_load_dip_is_the_same_with_check_each(nodes: list[str], header: str) -> None:
    text = "workflow W\n  start: A\n  exit: B\n" + header
    text += "".join(nodes) + "  edges\n    A -> B\n"
    source = SourceText("<t>.dip", text)
    _lowers_alike(source, FieldLowering, "plain", lambda self, fields, table: False)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A workflow folder with prompt folders, and links: to a file, to a folder inside, to
    one outside, and to the folder above (through which a path leads out and back in)."""
    top = tmp_path_factory.mktemp("include")
    base, outside = top / "base", top / "outside"
    (base / "prompts" / "sub").mkdir(parents=True)
    outside.mkdir()
    for name in ("a.md", "prompts/x.md", "prompts/y.md", "prompts/sub/z.md"):
        (base / name).write_text(f"text of {name}\n", encoding="utf-8")
    (outside / "o.md").write_text("outside\n", encoding="utf-8")
    (base / "leaf.md").symlink_to(base / "prompts" / "x.md")
    (base / "inlink").symlink_to(base / "prompts")
    (base / "outlink").symlink_to(outside)
    (base / "up").symlink_to(top)
    (base / "prompts" / "back").symlink_to(base)
    yield base


PATHS = st.sampled_from(
    [
        "a.md",
        "prompts/x.md",
        "prompts/y.md",
        "prompts/sub/z.md",
        "prompts/missing.md",
        "missing/x.md",
        "prompts/sub",
        "leaf.md",
        "inlink/x.md",
        "inlink/sub/z.md",
        "outlink/o.md",
        "outlink/none.md",
        "up/base/a.md",
        "up/base",
        "up/outside/o.md",
        "prompts/back/a.md",
        "prompts/back/inlink/x.md",
        "./prompts//x.md",
        "prompts/../a.md",
        "../a.md",
        "/etc/passwd",
        "",
    ]
)


def _outcome(inclusion: Inclusion) -> tuple[str | None, str | None, str | None]:
    source = inclusion.source  # (a SourceText compares by identity)
    return (
        None if source is None else source.path,
        None if source is None else source.text,
        inclusion.error,
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(PATHS, min_size=1, max_size=8))
def test_include_file_with_folders_is_include_file(tree: Path, paths: list[str]) -> None:
    folders: set[str] = set()  # (shared by the directives of one file)
    for path in paths:
        found = include_file(str(tree), "shown", path, read_from_disk, folders)
        expected = include_file(str(tree), "shown", path, read_from_disk)
        assert _outcome(found) == _outcome(expected)


FIELD_LINES = st.sampled_from(
    [
        "    prompt:\n      line one ${ctx.a}\n\n        deeper\n      last\n",
        "    prompt:\n      one line\n",
        "    prompt:\n\t\ttabbed\n",
        "    prompt: inline $goal\n",
        '    label: "quoted \\" value"\n',
        "    label: 'single ''q'''\n",
        "    reads:\n      - a\n      - b, c\n",
        "    params:\n      k: v\n      j: 'w'\n",
        "    timeout:\n      30s\n",
        "    max_turns: 3\n",
        "    model:\n",
        "    goal_gate: true\n",
    ]
)


def _field_by_field(self: FieldLowering, items: list[Any]) -> list[Field]:
    return [self.field(item) for item in items]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(FIELD_LINES, max_size=4), min_size=1, max_size=3))
def test_block_fields_gives_what_field_gives(bodies: list[list[str]]) -> None:
    text = "workflow W\n  vars\n    goal: g\n"
    for index, body in enumerate(bodies):
        text += f"  agent N{index}\n" + "".join(body)
    source = SourceText("<t>.dip", text)
    _lowers_alike(source, FieldLowering, "block_fields", _field_by_field)


def _edge_by_edge(self: GraphLowering, tree: Tree) -> None:
    for item in tree.children[1:]:
        if item.data == "else_edge":  # type: ignore[union-attr]
            self.else_edge(item)  # type: ignore[arg-type]
        else:
            self.edge(item)  # type: ignore[arg-type]


EDGE_TAILS = st.sampled_from(
    [
        "",
        " when ctx.outcome = success",
        ' label: "approve"',
        " label: plain",
        " label: two words",
        " weight: 3",
        " weight: x",
        " restart: true",
        " restart: maybe",
        " override: TRUE",
        " lable: x",
        " choice: 'a'",
        " loop",
        " on success",
        ' when ctx.a = 1 label: "x"',
    ]
)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), EDGE_TAILS), max_size=6))
def test_edges_block_gives_what_edge_gives(edges: list[tuple[str, str]]) -> None:
    text = "workflow W\n  agent A\n    prompt: a\n  agent B\n    prompt: b\n  edges\n"
    text += "".join(f"    A -> {target}{tail}\n" for target, tail in edges)
    source = SourceText("<t>.dip", text)
    _lowers_alike(source, GraphLowering, "edges_block", _edge_by_edge)

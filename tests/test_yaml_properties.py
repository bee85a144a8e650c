"""Property tests for the YAML step-workflow front-end: random YAML documents, random text and
mutated fixtures never raise, never produce an internal error, and every span lies inside its
source. Plus the alias bomb, which must be refused quickly."""

from __future__ import annotations

import io
import time

import pytest
from helpers import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from dipcheck.engine import LintResult, lint_text
from dipcheck.source import Span

STEP_FIXTURES = sorted((FIXTURES / "steps").glob("*.yaml"))
FIXTURE_TEXTS = [path.read_text(encoding="utf-8") for path in STEP_FIXTURES]
HEADER = "steps:\n  - name: a\n    agent: x\n"
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KEYS = st.sampled_from(
    [
        "name",
        "agent",
        "tool",
        "prompt",
        "inputs",
        "output",
        "outputs",
        "next",
        "conditions",
        "on_result",
        "steps",
        "description",
        "<<",
        "type",
    ]
) | st.text(min_size=1, max_size=8)
WORDS = st.sampled_from(["a", "b", "plan", "input", "input.x", "a.b", "null", "", "~", "x y"])
PROMPTS = st.lists(
    st.sampled_from(["{{ a }}", "{{ b.c }}", "{{", "}}", "{{ input.x }}", "{{ }}", "text", "\n"]),
    max_size=6,
).map(" ".join)
SCALARS = WORDS | PROMPTS | st.text(max_size=12) | st.integers() | st.booleans() | st.none()
DOCUMENTS = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(KEYS, children, max_size=5),
    max_leaves=30,
)
STEP = st.dictionaries(KEYS, DOCUMENTS, max_size=6).map(lambda step: {"name": "a", **step})
WORKFLOWS = st.fixed_dictionaries(
    {"steps": st.lists(STEP, min_size=1, max_size=4)},
    optional={"inputs": DOCUMENTS, "name": SCALARS, "agent-ish": DOCUMENTS},
)


def dump(document: object, flow: bool | None) -> str:
    yaml = YAML(typ="rt")
    yaml.default_flow_style = flow
    stream = io.StringIO()
    yaml.dump(document, stream)
    return stream.getvalue()


def assert_inside(span: Span) -> None:
    length = len(span.source.text)
    assert 0 <= span.start <= span.end <= length, (span.start, span.end, length)


def check(text: str) -> LintResult:
    """Lint ``text`` as YAML and check the invariants every result must keep."""
    result = lint_text(text, "x.yaml", fmt="yaml")
    for item in result.diagnostics:
        assert item.code != "DC000", item.message
        assert_inside(item.span)
        assert item.span.source.text == text
        for related in item.related:
            assert_inside(related.span)
        if item.fix is not None:
            for edit in item.fix.edits:
                assert_inside(edit.span)
    workflow = result.workflow
    if workflow is not None:
        for ref in workflow.references:
            assert_inside(ref.span)
            if ref.node_span is not None:
                assert_inside(ref.node_span)
        for node in workflow.nodes:
            assert_inside(node.id_span)
            for field in node.fields:
                for part in (field, *field.children):
                    assert_inside(part.span)
                    if part.text:
                        assert_inside(part.value.span(0, len(part.text)))
        for edge in workflow.edges:
            assert_inside(edge.span)
            assert_inside(edge.target.span)
    return result


@SETTINGS
@given(DOCUMENTS, st.sampled_from([None, True, False]))
def test_random_documents(document: object, flow: bool | None) -> None:
    check(dump(document, flow))


@SETTINGS
@given(WORKFLOWS, st.sampled_from([None, True, False]))
def test_random_step_workflows(document: dict[str, object], flow: bool | None) -> None:
    check(dump(document, flow))


@SETTINGS
@given(st.text(alphabet=st.sampled_from(list("ab:- \n\t'\"{}[]|>&*!#,?.%@`\\")), max_size=80))
def test_random_text(text: str) -> None:
    check(text)
    check(HEADER + text)


@SETTINGS
@given(st.text(max_size=60))
def test_random_unicode(text: str) -> None:
    check(HEADER + "    prompt: " + text + "\n")


MUTATIONS = st.sampled_from(["delete", "duplicate", "truncate", "insert", "indent"])


@SETTINGS
@given(
    st.sampled_from(FIXTURE_TEXTS),
    st.lists(st.tuples(MUTATIONS, st.integers(0, 10_000), st.text(max_size=4)), max_size=4),
)
def test_mutated_fixtures(text: str, mutations: list[tuple[str, int, str]]) -> None:
    for kind, where, chars in mutations:
        lines = text.split("\n")
        line = where % len(lines)
        if kind == "delete":
            del lines[line]
            text = "\n".join(lines)
        elif kind == "duplicate":
            lines.insert(line, lines[line])
            text = "\n".join(lines)
        elif kind == "indent":
            lines[line] = " " + lines[line]
            text = "\n".join(lines)
        elif kind == "truncate":
            text = text[: where % (len(text) + 1)]
        else:
            offset = where % (len(text) + 1)
            text = text[:offset] + chars + text[offset:]
    check(text)


def test_fixtures_hold_the_invariants() -> None:
    for text in FIXTURE_TEXTS:
        assert check(text).workflow is not None


def alias_bomb(levels: int) -> str:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    previous = "a"
    for index in range(1, levels):
        name = f"l{index}"
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
        previous = name
    lines += ["steps:", "  - name: plan", "    agent: architect", f"    prompt: *{previous}"]
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_quickly() -> None:
    text = alias_bomb(9)
    started = time.perf_counter()
    result = check(text)
    elapsed = time.perf_counter() - started
    assert elapsed < 0.5
    assert result.workflow is None
    [finding] = result.diagnostics
    assert finding.code == "DC001"
    assert "expand beyond" in finding.message
    assert finding.span.text.startswith("*l")


def test_shared_aliases_below_the_limit_are_fine() -> None:
    result = check(alias_bomb(3))
    assert [item.code for item in result.diagnostics] == ["DC004", "DC004", "DC004", "DC005"]


def test_a_long_escaped_stretch_is_mapped_in_linear_time() -> None:
    """Found by tools/fuzz.py: a double-quoted prompt of 100,000 backslashes took minutes to
    map back into the source (a verbatim run was retried from each character); each value
    character still points at its escape."""
    escapes = "\\\\" * 30_000
    text = f'steps:\n  - name: plan\n    agent: a\n    prompt: "{escapes} {{{{ nope.x }}}}"\n'
    started = time.perf_counter()
    result = check(text)
    assert time.perf_counter() - started < 5.0
    [reference] = [item for item in result.diagnostics if item.code == "L11"]
    assert reference.span.text == "{{ nope.x }}"
    assert reference.span.start == text.index("{{ nope")


@pytest.mark.parametrize("version", ["1.3", "1.2147483648"])
def test_an_unsupported_yaml_version_is_a_syntax_error(version: str) -> None:
    """Found by tools/fuzz.py: ruamel asserts on `%YAML 1.3`, which was a DC000."""
    text = f"%YAML {version}\n---\nsteps:\n  - name: a\n    agent: x\n    prompt: hi\n"
    [problem] = check(text).diagnostics
    assert (problem.code, problem.severity.label, problem.span.text) == ("DC001", "error", version)
    assert "versions 1.1 and 1.2 only" in problem.message


def test_an_unsupported_yaml_version_after_a_byte_order_mark_is_not_a_crash() -> None:
    """Found by tools/fuzz.py (yaml, seed 3232 #24744): a file starting with two byte-order
    marks (the reader drops one) hid the directive from the check, and ruamel's assertion on
    `%YAML 1.1000…` was a DC000."""
    from dipcheck.engine import lint_text

    text = "\ufeff%YAML   1.1" + "0" * 3000 + "\n---\n\xa0steps:"
    codes = [item.code for item in lint_text(text, "w.yaml", named=True).diagnostics]
    assert "DC000" not in codes


def test_a_supported_yaml_version_loads() -> None:
    text = "%YAML 1.1\n---\nsteps:\n  - name: a\n    agent: x\n    prompt: hi\n"
    assert "DC001" not in [item.code for item in check(text).diagnostics]

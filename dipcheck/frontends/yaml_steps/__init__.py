"""The YAML step-workflow front-end (seed 001): text → YAML events → :class:`Workflow`.

Loading is safe by construction: ruamel's round-trip parser (``YAML(typ="rt")``) produces
events with exact marks, and this package builds its own small tree from them. Nothing is
ever *constructed*, so no tag can create an object; tags outside the YAML core schema are
reported instead (DC001). Aliases stay shared, and the number of nodes they would expand to
is counted while the tree is built: past :data:`MAX_ALIAS_EXPANSION` the file is reported
("billion laughs") instead of walked. Texts over :data:`MAX_YAML_CHARS` are DC002.

Recognising a step workflow *(dipcheck)*: the first document is a mapping with a ``steps:``
list in which some entry is a mapping with ``name:`` and some entry has ``agent:``, ``tool:``
or ``prompt:`` (the last condition keeps Drone, Woodpecker and Cloud Build pipelines, whose
steps also have names, out). Anything else is not a step workflow: the loader returns no
workflow and no findings, unless ``require`` is set (a configured ``include`` glob), in which
case the reason is reported. A file that does not parse is reported only when it has a
column-0 ``steps:`` key and mentions ``agent:``/``tool:``/``prompt:``.

Lowering: each step becomes a :class:`Node` (``agent:`` → AGENT, ``tool:`` → TOOL); its
``conditions:`` entries (in order) and then its ``next:`` become edges, ``on_result: R``
standing for ``outcome = R``. A step without ``next:`` (or with ``next: null``) ends the
workflow when no condition matches *(dipcheck: there is no implicit fall-through to the next
list entry)*. Prompt placeholders and ``inputs:`` entries become references.

Loader findings: DC001 (syntax, broken shape, unsafe tags, undefined or recursive aliases,
alias bombs, a second document), DC002 (too large), DC004 (unknown key; ``outputs:`` on a
step is left to L01), DC005 (a value of the wrong type, a step without ``agent:``/``tool:``
or with both, an invalid step name), DC006 (a key twice in one mapping, anywhere).

The package: :mod:`~dipcheck.frontends.yaml_steps.tree` builds the YAML tree and maps scalar
values back to the source, :mod:`~dipcheck.frontends.yaml_steps.lowering` lowers the tree into
the model, and :func:`load_steps` here recognises a step workflow and runs both.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from dipcheck.diagnostics import Diagnostic, Related, loading_finding, past_token_limit
from dipcheck.frontends.common import FileReader, FrontendResult, read_from_disk
from dipcheck.frontends.yaml_steps.lowering import Lowering
from dipcheck.frontends.yaml_steps.tree import (
    LINE_BREAKS,
    SPACE,
    Alias,
    Findings,
    Map,
    Refused,
    Scalar,
    Seq,
    TooLarge,
    TreeBuilder,
    YNode,
)
from dipcheck.source import SourceText, Span, line_span
from dipcheck.yamlbound import YAML_DIRECTIVE, unsupported_version

if TYPE_CHECKING:
    from ruamel.yaml.error import StreamMark

MAX_YAML_CHARS = 2 * 1024 * 1024

_MENTIONS_STEPS = re.compile(r"""\bsteps["']?\s*:""")
# (at a line's start: after a line feed, or a lone carriage return, a line break to YAML too)
_TOP_LEVEL_STEPS = re.compile(r"""(?:^|(?<=\r))["']?steps["']?[ \t]*:""", re.MULTILINE)
_STEP_KEYWORD = re.compile(r"""\b(?:agent|tool|prompt)["']?[ \t]*:""")
_SYNTAX_HINTS = (
    ("found character '\\t'", "YAML is indented with spaces, never tabs"),
    ("found character '@'", "quote a value that starts with `@`"),
    ("found character '`'", "quote a value that starts with a backquote"),
    ("expected <block end>", "check the indentation of this line"),
    ("mapping values are not allowed here", "quote a value that contains `: `"),
    ("could not find expected ':'", "a key needs `: ` after it; quote a value that has one"),
)


# -- entry point ------------------------------------------------------------------------------


def _syntax_error(source: SourceText, error: Exception) -> Diagnostic:
    """DC001 at the problem the YAML parser reports, covering the token there."""
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

    text = source.text
    if isinstance(error, ReaderError):
        offset = min(max(int(error.position), 0), len(text))
        character = error.character
        code = character if isinstance(character, int) else ord(str(character)[:1] or "\0")
        return loading_finding(
            "DC001",
            Span(source, offset, min(offset + 1, len(text))),
            f"character U+{code:04X} is not allowed in YAML ({error.reason})",
        )
    if not isinstance(error, MarkedYAMLError) or error.problem_mark is None:
        return loading_finding("DC001", line_span(source, 0), f"YAML cannot be loaded: {error}")
    problem_span = _token(source, error.problem_mark)
    message = f"YAML syntax error: {error.problem or 'invalid YAML'}"
    context, context_mark = error.context, error.context_mark
    related: tuple[Related, ...] = ()
    if context and context_mark is not None and context_mark.index < problem_span.start:
        context_span = _token(source, context_mark)
        line = context_span.start_position()[0] + 1
        message += f" {context} that starts on line {line}"
        if problem_span.start >= len(text.rstrip()):
            # the file ended inside the construct: show where the construct begins
            related = (Related(problem_span, "the file ends here"),)
            problem_span = context_span
        else:
            related = (Related(context_span, context),)
    hint = next((advice for needle, advice in _SYNTAX_HINTS if needle in message), None)
    if hint:
        message += f" ({hint})"
    return loading_finding("DC001", problem_span, message, related=related)


def _token(source: SourceText, mark: StreamMark) -> Span:
    """The text at a parser mark up to the next blank (one character at a blank, nothing at
    a line break or the end of the file)."""
    text = source.text
    offset = min(max(mark.index, 0), len(text))
    end = offset
    while end < len(text) and text[end] not in SPACE:
        end += 1
    if end == offset and offset < len(text) and text[offset] not in LINE_BREAKS:
        end += 1
    return Span(source, offset, end)


def _keys(mapping: Map, depth: int = 0) -> set[str]:
    """The keys of a step's mapping, those a merge key (`<<: *defaults`, or a list of such)
    brings in included (a workflow whose steps took `agent:` that way was skipped as no step
    workflow), to a few merges deep."""
    keys: set[str] = set()
    for part, value in mapping.pairs:
        if not isinstance(part, Scalar):
            continue
        if part.value != "<<" or depth > 4:
            keys.add(part.value)
            continue
        merged = value.items if isinstance(value, Seq) else [value]
        for item in merged:
            target = item.target if isinstance(item, Alias) else item
            if isinstance(target, Map):
                keys |= _keys(target, depth + 1)
    return keys


def _steps_of(root: YNode | None, require: bool) -> tuple[Map, Seq, YNode] | str:
    """The top-level mapping, its ``steps`` list and key — or why this is no step workflow."""
    if not isinstance(root, Map):
        return "a step workflow is a YAML mapping with a `steps:` list"
    steps: tuple[YNode, YNode] | None = None
    for key, value in root.pairs:
        if isinstance(key, Scalar) and key.value == "steps":
            steps = (key, value)
    if steps is None:
        return "a step workflow needs a top-level `steps:` list"
    key, value = steps
    items = value.target if isinstance(value, Alias) else value
    if not isinstance(items, Seq):
        return "`steps:` must be a list of steps (`- name: plan`)"
    if not require:
        mappings = [item.target if isinstance(item, Alias) else item for item in items.items]
        keys = {key for mapping in mappings if isinstance(mapping, Map) for key in _keys(mapping)}
        if "name" not in keys or not keys & {"agent", "tool", "prompt"}:
            return "its steps have no `name:` with `agent:`, `tool:` or `prompt:`"
    return root, items, key


def load_steps(
    source: SourceText,
    base_dir: str | None = None,
    reader: FileReader = read_from_disk,
    *,
    require: bool = False,
) -> FrontendResult:
    """Load one YAML file as a step workflow. YAML that is not a step workflow yields no
    workflow and no findings, unless ``require`` (then the reason is a DC001).

    Step workflows read no other files, so ``base_dir`` and ``reader`` are unused; they keep
    the signature every front-end shares."""
    del base_dir, reader
    text = source.text
    if not require and not _MENTIONS_STEPS.search(text):
        return FrontendResult(None)
    certain = require or bool(_TOP_LEVEL_STEPS.search(text) and _STEP_KEYWORD.search(text))
    if len(text) > MAX_YAML_CHARS:
        if not certain:
            return FrontendResult(None)
        return FrontendResult(
            None,
            [
                loading_finding(
                    "DC002",
                    Span(source, 0, 0),
                    f"the file has {len(text)} characters, over the {MAX_YAML_CHARS} limit "
                    "for YAML workflows",
                )
            ],
        )
    too_large = past_token_limit(source, None, 0)
    if too_large is not None:
        return FrontendResult(None, [too_large] if certain else [])
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    findings = Findings()
    builder = TreeBuilder(source, findings)
    try:
        builder.feed(YAML(typ="rt").parse(text))
    except TooLarge as refusal:
        return FrontendResult(None, [refusal.diagnostic] if certain else [])
    except Refused as refusal:
        if not certain:
            return FrontendResult(None)
        return FrontendResult(None, [*findings.result(), refusal.diagnostic])
    except YAMLError as error:
        return FrontendResult(None, [_syntax_error(source, error)] if certain else [])
    except AssertionError as error:
        # ruamel asserts, instead of raising a YAMLError, on a `%YAML 1.x` other than 1.1/1.2
        version = YAML_DIRECTIVE.search(text)
        if version is None or not str(error).startswith("version "):
            raise
        problem = loading_finding(
            "DC001",
            Span(source, version.start(1), version.end(1)),
            unsupported_version(version.group(1)),
        )
        return FrontendResult(None, [problem] if certain else [])
    shape = _steps_of(builder.root, require)
    if isinstance(shape, str):
        if not require:
            return FrontendResult(None)
        where = builder.root.start if builder.root is not None else 0
        return FrontendResult(
            None,
            [
                loading_finding(
                    "DC001",
                    line_span(source, source.line_of(where)),
                    f"{os.path.basename(source.path)} is configured as a step workflow, but "
                    f"{shape}",
                )
            ],
        )
    workflow = Lowering(source, findings).lower(*shape)
    return FrontendResult(workflow, findings.result())

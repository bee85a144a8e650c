"""``dipcheck test --update``: write each test's observed status and path into its own
expectations (snapshot testing), leaving every other test byte for byte as it was.

In a ``.tests.yaml`` file the test's ``expect:`` entry is written anew (``status:`` and
``path:`` set, its other expectations kept) in place of the old one, or added after the test's
last line; a test written in flow style is rewritten whole, in block style. In a dippin
``.test.json`` file the ``expect`` object gets ``status`` and ``path_contains`` (dippin has no
exact path), and nothing outside that object changes. The result is read back and compared
with the original before anything is written: if any other test would differ, nothing is.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

from dipcheck.wftest import jsonpos
from dipcheck.wftest.expect import Observed
from dipcheck.wftest.model import DIPPIN


class UpdateError(Exception):
    pass


def snapshot(observed: Observed, kind: str) -> dict[str, Any]:
    """The expectations ``--update`` writes for a run."""
    end = observed.end
    if kind == DIPPIN:
        status = "success" if end.succeeded else "fail"
        if end.status == "stuck" and end.cause == "no_edges":
            status = "dead_end"
        return {"status": status, "path_contains": [step.node for step in observed.flat]}
    return {"status": end.status, "path": observed.path}


def update_text(path: str, text: str, kind: str, updates: Mapping[str, dict[str, Any]]) -> str:
    """The file's text with ``updates`` (test name → expectations to set) written in."""
    result = _update_json(text, updates) if kind == DIPPIN else _update_yaml(text, updates)
    _verify(path, text, result, kind, updates)
    return result


# -- YAML --------------------------------------------------------------------------------------


def _yaml():  # type: ignore[no-untyped-def]
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=2, offset=0)
    yaml.width = 4096
    return yaml


def _plain(value: Any) -> Any:
    """A ruamel value without its comments, in the flow or block style it had (new lists of
    plain values in flow style)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    flow = getattr(getattr(value, "fa", None), "flow_style", lambda: None)()
    if isinstance(value, dict):
        mapping = CommentedMap()
        for key, item in value.items():
            mapping[key] = _plain(item)
        if flow:
            mapping.fa.set_flow_style()
        return mapping
    if isinstance(value, list):
        seq = CommentedSeq([_plain(item) for item in value])
        plain = all(not isinstance(item, dict | list) for item in value)
        if flow or (flow is None and plain):
            seq.fa.set_flow_style()
        return seq
    return value


def _dump(value: Any, column: int) -> list[str]:
    stream = io.StringIO()
    _yaml().dump(value, stream)
    return [
        (" " * column + line) if line.strip() else line for line in stream.getvalue().splitlines()
    ]


def _content_end(lines: list[str], start: int, end: int) -> int:
    """``end`` moved back over blank and comment-only lines (they stay where they are)."""
    while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return end


def _update_yaml(text: str, updates: Mapping[str, dict[str, Any]]) -> str:
    tree = _yaml().load(text)
    items = tree["tests"] if isinstance(tree, dict) else tree
    lines = text.splitlines()
    ending = "\n" if text.endswith("\n") or not text else ""
    if isinstance(tree, dict):
        keys = list(tree)
        after = keys[keys.index("tests") + 1 :]
        sequence_end = tree.lc.key(after[0])[0] if after else len(lines)
    else:
        sequence_end = len(lines)
    edits: list[tuple[int, int, list[str]]] = []
    for index, item in enumerate(items):
        name = str(item.get("name", "")).strip()
        if name not in updates:
            continue
        item_line, item_column = items.lc.item(index)
        item_end = items.lc.item(index + 1)[0] if index + 1 < len(items) else sequence_end
        item_end = _content_end(lines, item_line, item_end)
        expect = _plain(item.get("expect") or {})
        for key, value in updates[name].items():
            expect[key] = _plain(value)
        flow = item.fa.flow_style() or (
            "expect" in item and isinstance(item["expect"], dict) and item["expect"].fa.flow_style()
        )
        first_line = item.lc.key(next(iter(item)))[0]
        if (
            flow
            or ("expect" in item and item.lc.key("expect")[0] == item_line)
            or (first_line != item_line)
        ):
            whole = _plain(item)
            whole["expect"] = expect
            dash = _dash_column(lines[item_line], item_column)
            edits.append((item_line, item_end, _dump([whole], dash)))
            continue
        if "expect" in item:
            keys = list(item)
            start = item.lc.key("expect")[0]
            following = keys[keys.index("expect") + 1 :]
            end = item.lc.key(following[0])[0] if following else item_end
            end = _content_end(lines, start, end)
            block = item["expect"]
            if isinstance(block, dict) and block and block.lc.key(next(iter(block)))[0] > start:
                # a block mapping: only the keys set are written, the other lines (their
                # comments too) stay as they were (it was written anew, without them)
                edits.extend(_set_keys(lines, block, end, updates[name]))
            else:
                edits.append((start, end, _dump({"expect": expect}, item_column)))
        else:
            edits.append((item_end, item_end, _dump({"expect": expect}, item_column)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = replacement
    return "\n".join(lines) + ending


def _set_keys(
    lines: list[str], block: Any, end: int, values: Mapping[str, Any]
) -> list[tuple[int, int, list[str]]]:
    """Edits setting ``values`` in the block mapping ``block`` (ending before line ``end``):
    each key there already is written again where it is, each new one after the last."""
    keys = list(block)
    column = block.lc.key(keys[0])[1]
    edits: list[tuple[int, int, list[str]]] = []
    added: dict[str, Any] = {}
    for key, value in values.items():
        if key not in block:
            added[key] = _plain(value)
            continue
        start = block.lc.key(key)[0]
        later = keys[keys.index(key) + 1 :]
        stop = _content_end(lines, start, block.lc.key(later[0])[0] if later else end)
        edits.append((start, stop, _dump({key: _plain(value)}, column)))
    if added:
        edits.append((end, end, _dump(added, column)))
    return edits


def _dash_column(line: str, content_column: int) -> int:
    dash = line.rfind("-", 0, content_column)
    return dash if dash >= 0 else max(content_column - 2, 0)


# -- JSON --------------------------------------------------------------------------------------


def _indent_of(text: str, offset: int) -> str:
    start = text.rfind("\n", 0, offset) + 1
    line = text[start:offset]
    return line[: len(line) - len(line.lstrip())]


def _object_text(text: str, source: Any, values: dict[str, Any], indent: str) -> str:
    """``source`` (an object of the file) with ``values`` set: untouched members keep their
    text, new values are written compactly, the layout (one line or one member per line)
    stays."""
    members: list[str] = []
    for key in source:
        if key not in values:
            start, end = source.lc.span(key)
            members.append(f"{json.dumps(key)}: {text[start:end]}")
    for key, value in values.items():
        rendered = f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        if key in source:
            position = list(source).index(key)
            members.insert(min(position, len(members)), rendered)
        else:
            members.append(rendered)
    if source and "\n" not in text[source.start : source.end]:
        return "{" + ", ".join(members) + "}"
    inner = indent + "  "
    return "{\n" + ",\n".join(inner + member for member in members) + "\n" + indent + "}"


def _update_json(text: str, updates: Mapping[str, dict[str, Any]]) -> str:
    tree = jsonpos.loads(text)
    edits: list[tuple[int, int, str]] = []
    for item in tree["tests"]:
        name = item.get("name")
        if name not in updates:
            continue
        if "expect" in item and isinstance(item["expect"], dict):
            expect = item["expect"]
            indent = _indent_of(text, item.lc.keys["expect"])
            edits.append(
                (expect.start, expect.end, _object_text(text, expect, updates[name], indent))
            )
        elif item:
            indent = _indent_of(text, min(item.lc.keys.values()))
            empty = jsonpos.JsonObject()
            empty.start = empty.end = 0
            body = _object_text(text, empty, updates[name], indent)
            last = max(span[1] for span in item.lc.values.values())
            multiline = "\n" in text[item.start : item.end]
            separator = f",\n{indent}" if multiline else ", "
            edits.append((last, last, f'{separator}"expect": {body}'))
        else:
            body = json.dumps({"expect": updates[name]}, ensure_ascii=False)
            edits.append((item.start, item.end, body))
    result = text
    for start, end, replacement in sorted(edits, reverse=True):
        result = result[:start] + replacement + result[end:]
    return result


# -- checking what was written -------------------------------------------------------------


def _tests(text: str, kind: str) -> list[Any]:
    if kind == DIPPIN:
        return json.loads(text)["tests"]
    tree = _yaml().load(text)
    items = tree["tests"] if isinstance(tree, dict) else tree
    return json.loads(json.dumps(items, default=str))


def _verify(
    path: str, before: str, after: str, kind: str, updates: Mapping[str, dict[str, Any]]
) -> None:
    try:
        old, new = _tests(before, kind), _tests(after, kind)
    except Exception as error:
        raise UpdateError(
            f"{path}: --update made the file unreadable ({error}); not written"
        ) from None
    if len(old) != len(new):
        raise UpdateError(f"{path}: --update would change the number of tests; not written")
    for previous, current in zip(old, new, strict=True):
        name = str(previous.get("name", "")).strip() if isinstance(previous, dict) else ""
        if name not in updates:
            if previous != current:
                raise UpdateError(f"{path}: --update would change the test {name!r}; not written")
            continue
        wanted = dict(previous)
        expect = dict(wanted.get("expect") or {})
        expect.update(json.loads(json.dumps(updates[name])))
        wanted["expect"] = expect
        if wanted != current:
            raise UpdateError(f"{path}: --update could not write the test {name!r}; not written")

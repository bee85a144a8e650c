"""Code actions: the rules' quick fixes, "suppress this finding", and one fix-all.

Everything comes from the ``data`` each published diagnostic carries (edits already in LSP
ranges of the version they were computed for), so asking for quick fixes never lints; the
fix-all lints as ``dipcheck lint --fix`` does, pass after pass (:func:`fixed_text`). The
server's own copy is used, found among the diagnostics it knows are current for the document
(the client's copy of ``data`` is never trusted): the document's own, of its current version,
and those another open workflow's current lint found in it as an included prompt or command
file. A diagnostic from an older version is matched by its range instead; when no current
lint has it, it gets no action (its edits would land in the wrong place).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from lsprotocol import types

from dipcheck.fixes import fix_text
from dipcheck.frontends.common import read_from_disk
from dipcheck.rules import registry
from dipcheck.textchange import changed_span
from dipcheck_lsp.convert import range_from_list, range_list, workspace_edit
from dipcheck_lsp.findings import SOURCE
from dipcheck_lsp.state import Request, Snapshot

FIX_ALL = "source.fixAll.dipcheck"
KINDS = [types.CodeActionKind.QuickFix, FIX_ALL]


def wanted(kind: str, only: list[str] | None) -> bool:
    return only is None or any(kind == item or kind.startswith(f"{item}.") for item in only)


def _payload(diagnostic: types.Diagnostic, known: list[types.Diagnostic]) -> dict[str, Any] | None:
    """The ``data`` the server published for the client's diagnostic: the known current
    diagnostic with the same code and the same ``data`` (a client that maps ranges through
    its own columns, as Neovim's byte columns, sends the data back as it got it) or the same
    range (a client that drops the data, or a diagnostic of an older version). Never the
    client's copy: a forged ``data`` could name any file to edit, and any text."""
    wanted_range = range_list(diagnostic.range)
    for item in known:
        if item.code == diagnostic.code and (
            item.data == diagnostic.data or range_list(item.range) == wanted_range
        ):
            return item.data if isinstance(item.data, dict) else None
    return None


def _edits(items: Iterable[dict[str, Any]]) -> list[tuple[str, types.TextEdit]]:
    return [
        (item["uri"], types.TextEdit(range_from_list(item["range"]), item["newText"]))
        for item in items
    ]


def code_actions(
    params: types.CodeActionParams,
    known: list[types.Diagnostic],
    current: Snapshot | None,
    fixed: str | None,
    versions: dict[str, int],
    document_changes: bool,
) -> list[types.CodeAction]:
    """The quick fixes and suppressions of the client's diagnostics found among ``known``
    (the server's current diagnostics for the document), and the fix-all of ``current``
    (the document's lint of its current version, if there is one; ``fixed``: its text as
    :func:`fixed_text` fixes it, None when it has no safe fix of its own)."""
    only = params.context.only
    actions: list[types.CodeAction] = []
    quickfix = wanted(types.CodeActionKind.QuickFix, only)
    for diagnostic in params.context.diagnostics if quickfix else ():
        if diagnostic.source != SOURCE:
            continue
        data = _payload(diagnostic, known)
        if data is None:
            continue
        code = str(diagnostic.code)
        fix = data.get("fix")
        if fix is not None:
            title = f"{code}: {fix['title']}" + ("" if fix["safe"] else " (unsafe fix)")
            actions.append(
                types.CodeAction(
                    title=title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    edit=workspace_edit(_edits(fix["edits"]), versions, document_changes),
                    is_preferred=bool(fix["safe"]),
                )
            )
        suppress = data.get("suppress")
        if suppress is not None:
            rule = registry.get(code)
            name = f" ({rule.name})" if rule is not None else ""
            where = "for this block" if suppress["newText"].endswith("\n") else "on this line"
            actions.append(
                types.CodeAction(
                    title=f"Suppress {code}{name} {where}",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic],
                    edit=workspace_edit(_edits([suppress]), versions, document_changes),
                )
            )
    if wanted(FIX_ALL, only) and current is not None:
        edit = fix_all(current, fixed, versions, document_changes)
        if edit is not None:
            actions.append(
                types.CodeAction(title="dipcheck: fix all safe findings", kind=FIX_ALL, edit=edit)
            )
    return actions


Bounds = tuple[tuple[int, int], tuple[int, int]]


def _bounds(edit: dict[str, Any]) -> Bounds:
    line, character, end_line, end_character = edit["range"]
    return (line, character), (end_line, end_character)


def _overlaps(bounds: Bounds, others: list[Bounds]) -> bool:
    start, end = bounds
    return any(
        start == other_start or (start < other_end and other_start < end)
        for other_start, other_end in others
    )


def fixable(snapshot: Snapshot) -> bool:
    """Has the document a safe fix all of whose edits are its own (one for :func:`fixed_text`)?"""
    return any(
        all(edit["uri"] == snapshot.uri for edit in fix["edits"]) for fix in _safe_fixes(snapshot)
    )


def fixed_text(request: Request) -> str:
    """The document's text with its safe fixes applied as ``dipcheck lint --fix`` applies them,
    pass after pass until none is left (one pass left a fix that the first one's made
    possible, as the DC901 of a code left alone in its comment). Runs in a worker thread."""

    def reader(path: str) -> str:
        text = request.open_texts.get(os.path.normpath(path))
        return text if text is not None else read_from_disk(path)

    display = request.path or f"<{request.uri}>"
    return fix_text(request.text, display, request.config, fmt=request.fmt, reader=reader).text


def _safe_fixes(snapshot: Snapshot) -> Iterable[dict[str, Any]]:
    for item in snapshot.converted.own:
        data = item.data if isinstance(item.data, dict) else {}
        fix = data.get("fix")
        if fix is not None and fix["safe"]:
            yield fix


def _replacement(snapshot: Snapshot, fixed: str) -> types.TextEdit:
    """One edit from the document's text to ``fixed``: the whole lines that differ."""
    text = snapshot.source.text
    prefix, end, _ = changed_span(text, fixed)
    start = text.rfind("\n", 0, prefix) + 1
    if end > 0 and text[end - 1] != "\n":
        newline = text.find("\n", end)
        end = len(text) if newline == -1 else newline + 1
    kept = len(text) - end  # (the same text ends both)
    return types.TextEdit(snapshot.positions.range(start, end), fixed[start : len(fixed) - kept])


def fix_all(
    snapshot: Snapshot, fixed: str | None, versions: dict[str, int], document_changes: bool
) -> types.WorkspaceEdit | None:
    """Every safe fix of the document: one edit from its text to ``fixed``, and the safe fixes
    whose edits are all in other files (an included prompt file), each overlapping no fix
    taken before it."""
    chosen: list[tuple[str, types.TextEdit]] = []
    if fixed is not None and fixed != snapshot.source.text:
        chosen.append((snapshot.uri, _replacement(snapshot, fixed)))
    taken: dict[str, list[Bounds]] = {}
    for fix in _safe_fixes(snapshot):
        edits = fix["edits"]
        if any(edit["uri"] == snapshot.uri for edit in edits):
            continue  # (in ``fixed``, when it applies)
        if any(_overlaps(_bounds(edit), taken.get(edit["uri"], [])) for edit in edits):
            continue
        for edit in edits:
            taken.setdefault(edit["uri"], []).append(_bounds(edit))
        chosen.extend(_edits(edits))
    if not chosen:
        return None
    return workspace_edit(chosen, versions, document_changes)

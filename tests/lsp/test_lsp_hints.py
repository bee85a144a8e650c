"""Inlay hints over LSP: after each context-key read, whether the key is written on every
path, some paths, never or maybe, at the exact position in the negotiated encoding; only in
the requested range; off and on again with the ``inlayHints`` setting."""

from __future__ import annotations

import pytest
from lsp_support import Session, dedent
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

HINTED = dedent(
    """
    workflow Hints
      start: Start
      exit: Done

      agent Start
        label: Start
        writes: plan

      agent Left
        label: Left
        writes: side

      agent Right
        label: Right

      agent Join
        label: "Jöin 😀"
        prompt:
          Plan 😀 ${ctx.plan}, side ${ctx.side}, ${ctx.nowhere},
          ${ctx.outcome}, ${ctx.node.Start.plan}.
        reads: plan, side

      subgraph Sub
        ref: child

      agent After
        label: After
        prompt:
          Use ${ctx.side}.

      agent Orphan
        label: Orphan
        prompt:
          Never ${ctx.plan}.

      agent Done
        label: Done

      edges
        Start -> Left
        Start -> Right
        Left -> Join
        Right -> Join
        Join -> Sub  when ctx.side = yes
        Join -> Done
        Sub -> After
        After -> Done
    """
)
WHOLE = types.Range(types.Position(0, 0), types.Position(60, 0))


async def hints(lsp: Session, uri: str, where: types.Range = WHOLE) -> list[types.InlayHint]:
    found = await lsp.client.text_document_inlay_hint_async(
        types.InlayHintParams(lsp.doc(uri), where)
    )
    return list(found or [])


def after(lsp: Session, uri: str, needle: str, nth: int = 0) -> types.Position:
    """The position just past the ``nth`` occurrence of ``needle``."""
    return lsp.position(uri, needle, nth, delta=len(needle))


async def test_hints_after_each_read(lsp: Session) -> None:
    assert lsp.capabilities.inlay_hint_provider is not None
    uri = lsp.open("hints.dip", HINTED)
    found = await hints(lsp, uri)
    assert [(hint.position, hint.label) for hint in found] == [
        (after(lsp, uri, "${ctx.plan}"), "every path"),
        (after(lsp, uri, "${ctx.side}"), "some paths"),  # not on Start -> Right -> Join
        (after(lsp, uri, "${ctx.nowhere}"), "never"),  # no node writes it
        # (none for the built-in `outcome` or the node-scoped `${ctx.node.Start.plan}`)
        (after(lsp, uri, "reads: plan"), "every path"),
        (after(lsp, uri, "reads: plan, side"), "some paths"),
        (after(lsp, uri, "${ctx.side}", nth=1), "maybe"),  # the subgraph may write anything
        # (none in Orphan: the run never reaches it)
        (after(lsp, uri, "when ctx.side"), "some paths"),  # a condition: after Join ran
    ]
    assert all(hint.padding_left for hint in found)
    tooltip = found[1].tooltip
    assert isinstance(tooltip, types.MarkupContent)
    assert tooltip.value == (
        "`side`: Not available at `Join` on every path — e.g. Start → Right → Join."
    )


HINTED_DOT = dedent(
    """
    digraph Hints {
      start [shape=Mdiamond]
      plan [shape=box, prompt="Plan.", writes="plan"]
      use [shape=box, prompt="Use \\"${ctx.plan}\\" and ${ctx.nowhere}"]
      done [shape=Msquare]
      start -> plan
      plan -> use
      use -> done
    }
    """
)


async def test_hints_in_a_dot_pipeline(lsp: Session) -> None:
    # positions inside a quoted, escaped DOT string are exact too
    uri = lsp.open("hints.dot", HINTED_DOT, "dot")
    found = await hints(lsp, uri)
    assert [(hint.position, hint.label) for hint in found] == [
        (after(lsp, uri, "${ctx.plan}"), "every path"),
        (after(lsp, uri, "${ctx.nowhere}"), "never"),
    ]


async def test_hints_only_in_the_requested_range(lsp: Session) -> None:
    uri = lsp.open("hints.dip", HINTED)
    line = lsp.position(uri, "Use ${ctx.side}").line
    where = types.Range(types.Position(line, 0), types.Position(line + 1, 0))
    found = await hints(lsp, uri, where)
    assert [(hint.position, hint.label) for hint in found] == [
        (after(lsp, uri, "${ctx.side}", nth=1), "maybe")
    ]


def _refresh_asks(lsp: Session) -> int:
    """How many refreshes the server asks of this client when the hints change: one, if the
    client says it can refresh them."""
    workspace = lsp.client.capabilities.workspace
    support = workspace.inlay_hint if workspace is not None else None
    return 1 if support is not None and support.refresh_support else 0


async def test_the_setting_turns_hints_off_and_on(lsp: Session) -> None:
    uri = lsp.open("hints.dip", HINTED)
    assert len(await hints(lsp, uri)) == 7
    refreshes = lsp.client.inlay_hint_refreshes
    asks = _refresh_asks(lsp)
    lsp.configure({"dipcheck": {"inlayHints": False}})
    assert await hints(lsp, uri) == []
    lsp.configure({"dipcheck": {"inlayHints": True}})
    assert len(await hints(lsp, uri)) == 7
    assert lsp.client.inlay_hint_refreshes == refreshes + 2 * asks  # the editor asks again
    lsp.configure({"dipcheck": {"inlayHints": "yes"}})
    message = await lsp.client.wait_for_notification(types.WINDOW_SHOW_MESSAGE)
    assert (
        message.message
        == "dipcheck: setting `inlayHints` must be true or false; the setting is ignored"
    )
    assert len(await hints(lsp, uri)) == 7


async def test_hints_come_back_when_the_setting_is_removed(lsp: Session) -> None:
    """A `dipcheck` section without `inlayHints` is the default, on: the hints stayed off."""
    uri = lsp.open("hints.dip", HINTED)
    shown = await hints(lsp, uri)
    assert len(shown) == 7
    refreshes = lsp.client.inlay_hint_refreshes
    asks = _refresh_asks(lsp)
    lsp.configure({"dipcheck": {"inlayHints": False}})
    assert await hints(lsp, uri) == []
    lsp.configure({"dipcheck": {"inlayHints": False, "debounceMs": 100}})
    assert await hints(lsp, uri) == []
    lsp.configure({"dipcheck": {}})
    assert await hints(lsp, uri) == shown
    assert lsp.client.inlay_hint_refreshes == refreshes + 2 * asks

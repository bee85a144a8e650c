"""``dipcheck.graph`` (``workspace/executeCommand``): the picture ``dipcheck graph`` draws, for
the open document as it is in the editor.

``arguments`` are the document URI and optionally an options object ``{"format": "mermaid" |
"dot", "expand": bool, "findings": bool}``. The answer is the text: a fenced Mermaid block
(what VS Code's "dipcheck: Show Workflow Graph" opens in a Markdown preview) or DOT. The
findings drawn are the document's current ones (the lint the editor shows).
"""

from __future__ import annotations

from typing import Any

from dipcheck_lsp.protocol import Refused, document_path
from dipcheck_lsp.state import Snapshot

COMMAND = "dipcheck.graph"
FORMATS = ("mermaid", "dot")


def parse_arguments(arguments: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    if not arguments or not isinstance(arguments[0], str):
        raise Refused(f"{COMMAND} takes the document URI (and an options object)")
    options = arguments[1] if len(arguments) > 1 else {}
    if not isinstance(options, dict):
        raise Refused(f"{COMMAND}: the second argument must be an options object")
    if options.get("format", "mermaid") not in FORMATS:
        raise Refused(f"{COMMAND}: format must be one of {', '.join(FORMATS)}")
    return arguments[0], options


def draw(snapshot: Snapshot, options: dict[str, Any]) -> str:
    """The picture of the snapshot's workflow (in a worker thread)."""
    from dipcheck.picture import workflow as picture
    from dipcheck.simulate.children import load_child

    document_path(COMMAND, snapshot.uri)
    workflow = snapshot.result.workflow
    if workflow is None:
        raise Refused(f"{snapshot.uri} is not a workflow dipcheck can load")
    findings = snapshot.result.diagnostics if options.get("findings", True) is not False else []
    drawn = picture.render(
        workflow,
        options.get("format", "mermaid"),
        findings,
        None,
        picture.Options(expand=options.get("expand") is True),
        load_child,
    )
    assert isinstance(drawn, str)
    return drawn

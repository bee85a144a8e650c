"""``dipcheck.simulate`` (``workspace/executeCommand``) and the "Simulate" code lens.

The command simulates an open document with the same code as ``dipcheck simulate``
(:mod:`dipcheck.simulate.session`): ``arguments`` are the document URI and optionally an options
object ``{"format": "json" | "text" | "mermaid" | "dot", "scenario": path, "allPaths": bool,
"maxPaths": n, "show": bool}``; a scenario must be a file inside the workspace (the server
refuses any other: its errors quote the file). The result is the JSON document of
``--format json`` (or, for the other formats, the text). With ``"show": true`` — what the
code lens sends — the text trace is also written to the client's log (``window/logMessage``),
so that clicking the lens shows something in any client; the VS Code extension presents it
itself.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from dipcheck.config import Config
from dipcheck_lsp.protocol import Refused, document_path
from dipcheck_lsp.state import Snapshot

COMMAND = "dipcheck.simulate"
FORMATS = ("json", "text", "mermaid", "dot")
LENS_TITLE = "▶ Simulate"


def code_lenses(snapshot: Snapshot) -> list[types.CodeLens]:
    """One lens on the workflow header, for workflows that have a start node to run from."""
    workflow = snapshot.result.workflow
    if workflow is not None and workflow.format == "ordewell":
        from dipcheck_lsp import plan

        return plan.code_lenses(workflow, snapshot.uri, snapshot.positions)
    if workflow is None or workflow.start not in workflow.node_map:
        return []
    command = types.Command(
        title=LENS_TITLE, command=COMMAND, arguments=[snapshot.uri, {"show": True}]
    )
    return [
        types.CodeLens(range=snapshot.positions.span_range(workflow.decl_span), command=command)
    ]


def parse_arguments(arguments: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
    if not arguments or not isinstance(arguments[0], str):
        raise Refused(f"{COMMAND} takes the document URI (and an options object)")
    options = arguments[1] if len(arguments) > 1 else {}
    if not isinstance(options, dict):
        raise Refused(f"{COMMAND}: the second argument must be an options object")
    fmt = options.get("format", "json")
    if fmt not in FORMATS:
        raise Refused(f"{COMMAND}: format must be one of {', '.join(FORMATS)}")
    return arguments[0], options


def simulate(
    uri: str, text: str, options: dict[str, Any], config: Config
) -> tuple[Any, str | None]:
    """Run the simulation (in a worker thread): the command's answer, and the text trace to
    log when the options ask to show it."""
    from dipcheck.simulate import render, session

    path = document_path(COMMAND, uri)
    from dipcheck.engine import detect_format

    if detect_format(path, config) == "ordewell":
        from dipcheck.simulate import handover, plan_cli
        from dipcheck_lsp import plan

        try:
            return plan.simulate(path, text, options, config)
        except (plan_cli.PlanError, handover.HandoverError) as error:
            raise Refused(str(error)) from None
    scenario = options.get("scenario")
    try:
        prepared = session.prepare(
            path, config, scenario if isinstance(scenario, str) else None, text=text
        )
    except session.SimulateError as error:
        raise Refused(str(error)) from None
    fmt = options.get("format", "json")
    shown: str | None = None
    if options.get("allPaths"):
        limit = options.get("maxPaths", 1000)
        explored = session.explore(
            prepared, limit if isinstance(limit, int) and limit > 0 else 1000
        )
        if options.get("show"):
            shown = session.render_paths(prepared, explored, "text")
        if fmt == "json":
            return render.paths_document(prepared, explored), shown
        return session.render_paths(prepared, explored, fmt), shown
    run = session.run(prepared)
    if options.get("show"):
        shown = session.render_run(prepared, run, "text")
    if fmt == "json":
        return session.run_document(prepared, run), shown
    return session.render_run(prepared, run, fmt), shown

"""The severity audit of the codes kept for parity with dippin (``DIPnnn``: its validation,
which tracker applies when it loads a file, and its lint) and with tracker's own lints
(``TRKnnn``); :mod:`dipcheck.rules.severity_audit` merges them with dipcheck's own codes."""

from __future__ import annotations

from dipcheck.diagnostics import Severity
from dipcheck.rules.policy import PARITY_ERROR, REFUSED, RUN_FAILS, STYLE_OFF, Audit

E, W, I, H = Severity.ERROR, Severity.WARNING, Severity.INFO, Severity.HINT  # noqa: E741


def _a(group: str, severity: Severity, why: str) -> Audit:
    return Audit(group, severity, why)


PARITY: dict[str, Audit] = {
    # -- DIP0xx: dippin's validation (fatal in tracker) -------------------------------------
    **{
        code: _a(
            "runtime",
            E,
            f"{REFUSED}: dippin's validation errors are fatal when tracker loads a `.dip` file "
            "(docs/runtime/loading.md#how-tracker-loads-a-dip-file), and tracker's own DOT checks "
            "refuse the same (docs/runtime/loading.md#which-command-checks-what).",
        )
        for code in (
            "DIP001",
            "DIP002",
            "DIP003",
            "DIP004",
            "DIP005",
            "DIP006",
            "DIP007",
            "DIP008",
            "DIP009",
            "DIP010",
        )
    },
    # -- DIP1xx: dippin's lint (never blocks tracker) ---------------------------------------
    "DIP101": _a(
        "routing",
        W,
        "the node runs only if a condition happens to hold; when none does the run stops.",
    ),
    "DIP102": _a(
        "routing",
        W,
        "when every condition is false the run stops with `no matching edges` "
        "(docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DIP103": _a(
        "routing", W, "the earlier edge wins whenever both hold, so the later one is shadowed."
    ),
    "DIP104": _a(
        "routing",
        W,
        "once the retries run out the run fails, with nowhere to go "
        "(docs/runtime/failures.md#retries).",
    ),
    "DIP105": _a(
        "routing",
        W,
        "every run must restart a loop to finish, within the restart budget "
        "(docs/runtime/failures.md#loop-restarts).",
    ),
    "DIP106": _a(
        "context",
        W,
        "the placeholder expands to an empty string (docs/runtime/expansion.md#missing-values).",
    ),
    "DIP107": _a(
        "context",
        I,
        "a key nothing reads changes no route and no prompt; dippin warns, but it is worth "
        "knowing rather than a wrong path.",
    ),
    "DIP108": _a(
        "config",
        W,
        "the provider refuses a model it does not know and the agent fails; the catalog may lag "
        "behind the provider, so not an error.",
    ),
    "DIP109": _a(
        "routing",
        W,
        "the same child runs twice with the same bindings, usually a copy-paste slip.",
    ),
    "DIP110": _a(
        "runtime",
        E,
        "tracker's handler refuses an agent without a prompt and "
        f"{RUN_FAILS}; a warning for an agent that only runs as a parallel branch (that "
        "branch fails instead).",
    ),
    "DIP111": _a(
        "config",
        W,
        "tracker kills a tool without `timeout:` after 30 s and fails the run: a warning when the "
        "command runs something long, info when its length is unknown, a hint for quick file "
        "and text utilities (`pipeline/handlers/tool.go`).",
    ),
    "DIP112": _a(
        "context",
        W,
        "dippin's forward-only reading of `reads:`. Off by default: DC103 and DC104 check the "
        "same on every path and understand loops.",
    ),
    "DIP113": _a(
        "config",
        W,
        "tracker silently uses `standard` instead, so the node retries differently "
        "(docs/runtime/failures.md#retries).",
    ),
    "DIP114": _a(
        "config",
        W,
        "tracker silently falls back to `full`, so the prompt is not as set "
        "(docs/runtime/context.md#fidelity).",
    ),
    "DIP115": _a(
        "routing",
        W,
        "an unmet gate has nowhere to go, and the run fails at the exit "
        "(docs/runtime/failures.md#goal-gates).",
    ),
    "DIP116": _a("config", W, "tracker ignores the value, so compaction or resume is not as set."),
    "DIP117": _a(
        "config", W, "the stylesheet rule applies to no node, so its settings are not applied."
    ),
    "DIP118": _a(
        "config", W, "the stylesheet rule applies to no node, so its settings are not applied."
    ),
    "DIP119": _a("config", W, "providers reject or ignore an effort level they do not know."),
    "DIP120": _a(
        "style",
        H,
        "tracker looks a bare name up as a context key, so `outcome` works as `ctx.outcome` "
        f"(docs/runtime/conditions.md#the-left-side). {STYLE_OFF}",
    ),
    "DIP121": _a(
        "routing",
        W,
        "the edge routes on a value some earlier node left behind, usually a stale one.",
    ),
    "DIP122": _a("routing", W, "the tool never prints the value, so the condition never holds."),
    "DIP123": _a(
        "safety",
        W,
        "the shell rejects the command and the tool fails; a failed tool is an outcome its "
        "edges can route, so not an error.",
    ),
    "DIP124": _a(
        "safety",
        W,
        "dippin's check describes a runtime that no longer exists. Off by default: DC201 and "
        "DC202 report these spans as tracker runs them.",
    ),
    "DIP125": _a(
        "safety",
        H,
        "the answer depends on the machine running dipcheck, not on the one running the "
        "workflow. Off by default (it is noise in CI); select it by code or with `dippin`.",
    ),
    "DIP126": _a(
        "runtime",
        W,
        "`tracker run` refuses to start when the ref resolves neither next to the file nor from "
        "its working directory (`cmd/tracker/loading.go`); the working directory is unknown "
        "here, so not an error. An info when it resolves from a directory above the "
        "file's: the author most likely runs tracker from there, as tracker's examples do.",
    ),
    "DIP127": _a(
        "config", W, "tracker does not know the mode, so the gate does not behave as written."
    ),
    "DIP128": _a("config", W, "an interview ignores `default:`, so the default never applies."),
    "DIP129": _a(
        "routing",
        W,
        "an interview sets no label, so labelled edges never pick a route "
        "(docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DIP130": _a("config", W, "only the two JSON modes exist; the value is not passed on."),
    "DIP131": _a(
        "config",
        W,
        "the schema is ignored without `json_schema`; the reverse (no schema) is a hint.",
    ),
    "DIP132": _a("config", W, "the provider rejects a schema that is not JSON."),
    "DIP133": _a(
        "style",
        H,
        "the adapter copies `params:` without overwriting a typed field "
        "(docs/runtime/loading.md#from-dippin-to-trackers-graph), so the value "
        f"applies when the field is unset. {STYLE_OFF}",
    ),
    "DIP134": _a(
        "config",
        W,
        "without `max_restarts` tracker allows 5 loop restarts in the whole run and then fails "
        "it (docs/runtime/failures.md#loop-restarts; tracker commit 726c0c8 added `max_restarts` "
        "to its examples for it).",
    ),
    "DIP135": _a(
        "runtime",
        W,
        "`tracker run` refuses to start when the child resolves neither next to the file nor "
        "from its working directory (`cmd/tracker/loading.go`); the working directory is "
        "unknown here, so not an error. An info when it resolves from a directory above the "
        "file's: the author most likely runs tracker from there, as tracker's examples do.",
    ),
    "DIP136": _a("config", W, "a negative interval or cycle count is not what was meant."),
    "DIP137": _a(
        "config",
        W,
        "the loop ends only when the child does, or fails the run after 1000 cycles "
        "(docs/runtime/subgraphs.md#manager-loops).",
    ),
    "DIP138": _a(
        "style",
        W,
        "reserved by dippin and never reported by it. Off by default; nothing reports it.",
    ),
    "DIP139": _a("safety", W, "any value but `none` restricts nothing."),
    "DIP140": _a("safety", W, "the `params:` hand back the tools `tool_access` took away."),
    "DIP141": _a(
        "safety",
        I,
        "the agent has no tools to write with, so the paths change nothing; dead configuration.",
    ),
    "DIP142": _a("safety", W, "the entry escapes the write jail or splits into broken globs."),
    "DIP143": _a(
        "safety",
        H,
        "parity with dippin's hint: the child may not keep the restriction, which cannot be "
        "shown from here.",
    ),
    "DIP144": _a(
        "routing",
        W,
        "dippin asks for a failure route on every agent. Off by default: DC315 reports the "
        "failures a workflow leaves unrouted where it routes others.",
    ),
    "DIP145": _a("config", W, "a negative budget is not a limit anyone meant."),
    "DIP146": _a(
        "safety",
        H,
        "parity with dippin's hint: the child's agents keep their tools.",
    ),
    "DIP147": _a(
        "safety",
        H,
        "parity with dippin's hint: untrusted text can reach an agent with tools one step later.",
    ),
    "DIP148": _a("config", W, "a negative cap on `last_response` is not what was meant."),
    "DIP149": _a(
        "routing",
        W,
        "only one unconditional edge is ever taken (highest weight, then the smallest target "
        "name), so the others are dead (docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DIP150": _a(
        "style",
        H,
        "tracker routes on the label when no `choice:` is set "
        "(docs/runtime/edge-selection.md#choosing-an-edge), so the route works. "
        f"{STYLE_OFF}",
    ),
    "DIP151": _a(
        "style",
        H,
        "the weight changes no route (docs/runtime/edge-selection.md#choosing-an-edge). "
        f"{STYLE_OFF}",
    ),
    "DIP152": _a(
        "routing",
        W,
        "the marker matches no condition and, without a fallback, the run stops with `no "
        "matching edges`.",
    ),
    "DIP153": _a(
        "style",
        H,
        "the fork or join already implies the edge, so it changes nothing "
        f"(docs/runtime/loading.md#from-dippin-to-trackers-graph). {STYLE_OFF}",
    ),
    "DIP154": _a("style", H, f"the opt-out removes nothing. {STYLE_OFF}"),
    "DIP155": _a(
        "runtime",
        E,
        "tracker refuses to bind an input of an unknown type (`pipeline/inputs.go`), so the "
        "run does not start.",
    ),
    "DIP156": _a(
        "context",
        W,
        "the undeclared input expands to an empty string without a word; tracker runs the "
        f"file, so not an error, although {PARITY_ERROR}.",
    ),
    "DIP157": _a(
        "safety",
        E,
        f"the tool fails closed when the input holds a value and {RUN_FAILS} "
        "(docs/runtime/tools.md#keys-a-command-may-use).",
    ),
    "DIP158": _a(
        "runtime",
        E,
        "tracker refuses the caller's value (or the default) when it binds the inputs "
        "(`pipeline/inputs.go`), and the run does not start.",
    ),
    "DIP159": _a(
        "context",
        I,
        "an input nothing reads changes no route and no prompt; worth knowing, dippin warns.",
    ),
    "DIP160": _a(
        "runtime",
        W,
        "the child's input binding fails and with it the parent's run, unless the child has a "
        "default dippin does not count.",
    ),
    "DIP161": _a("config", W, "the run fails once the provider removes the model."),
    "DIP162": _a("config", W, "the agent is left without a model."),
    "DIP163": _a(
        "safety",
        W,
        "dippin's lint refuses the value (it compares exactly), so the write jail may not be "
        "what was meant; tracker v0.64 does not read `writable_paths_mode` at all (no Go source "
        f"names it) and runs the file, so not an error, although {PARITY_ERROR}.",
    ),
    "DIP164": _a("safety", H, "parity with dippin's hint: there are no paths to enforce."),
    "DIP165": _a("safety", H, "parity with dippin's hint: on some hosts the agent runs unjailed."),
    # -- TRKnnn: tracker's own lints --------------------------------------------------------
    "TRK101": _a(
        "routing",
        W,
        "parity with `tracker validate`: a truncated marker silently takes the fallback; an info "
        "where the output is bounded or both routes lead to the same node.",
    ),
    "TRK102": _a(
        "routing",
        W,
        "parity with `tracker validate`: the run reports success instead of "
        "validation_overridden, and a goal gate the override would cover sends the run back.",
    ),
}

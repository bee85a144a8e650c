"""Which dipcheck codes predict each refusal and failure tracker itself reports: one entry per
runtime message or behaviour of docs/runtime/tools.md#denied-and-allowed-commands (the command
denylist and allowlist)
and §4.1 to §4.5 (everything `validate`, `doctor` and `simulate` print, and the failures only a
run meets), with the codes that report it before the run, or why no static reading can.

``docs/runtime-coverage.md`` is rendered from this table by ``python -m dipcheck.rules.docs``;
``tests/test_runtime_coverage.py`` checks that every row of the reference is matched by an
entry (``match`` is a piece of the row's text, or of the heading it sits under), that every
code exists, and that the page is current.
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.records import record
from dipcheck.rules import registry


@record(frozen=True, slots=True)
class Entry:
    """``codes``: the codes that predict the message; a ``"DIP101..DIP165"`` item stands for
    every registered code in that range; empty when no static reading can predict the
    message (``reason`` says why)."""

    section: str
    match: str
    message: str
    codes: tuple[str, ...]
    reason: str = ""


SECTIONS = {
    "2.3": "Command denylist and allowlist (tool_safety.go)",
    "4.1": "Load and adapter (all commands)",
    "4.2": "validateGraph (all validate paths; its errors also gate run)",
    "4.3": "ValidateSemantic (validate, doctor, .dipx simulate)",
    "4.4": "Command-specific output",
    "4.5": "Run-time-only failures",
}

_TOOL_REFUSALS = ("DC208", "DC209")
_NO_FILE = "cannot come from a file: dippin's parser always produces it"

ENTRIES: tuple[Entry, ...] = (
    # -- §2.3 ------------------------------------------------------------------------------
    Entry(
        "2.3",
        "Expand `${…}`",
        "`${…}` expanded first; an unsafe `${ctx.K}` or any `${inputs.K}` holding a value fails "
        "the run ([tools](runtime/tools.md#keys-a-command-may-use))",
        ("DC201", "DIP157", "DC202"),
    ),
    Entry(
        "2.3",
        "`CheckToolCommand` on the expanded command",
        "denylist and allowlist checked on the expanded command",
        _TOOL_REFUSALS,
        "placeholders are tried with several values; a statement is reported when it is "
        "refused for every one",
    ),
    Entry(
        "2.3",
        "Apply the output cap",
        "`output_limit` capped at 10 MB; a non-positive or unparsable value fails the node",
        ("DC214", "DC005"),
    ),
    Entry(
        "2.3",
        "Run with a filtered environment",
        "the command runs with secret-named variables removed",
        (),
        "not a refusal; what the command then reads from its environment depends on the "
        "machine that runs it",
    ),
    Entry(
        "2.3",
        "**Statement splitting:**",
        "statements split on newlines, `;`, `&&`, `||`; comments, here-documents and quotes "
        "not read",
        _TOOL_REFUSALS,
        "the messages say when the refused text is a comment or sits inside quotes",
    ),
    Entry(
        "2.3",
        "**Denylist:**",
        "`tool_command for node %q matches denied pattern %q` (built-in patterns, "
        "`tool_denylist_add`, the `exec` redirection exemption)",
        ("DC208",),
        "`--tool-denylist-add` and `--bypass-denylist` are command-line flags: dipcheck "
        "reports what a plain `tracker run` does",
    ),
    Entry(
        "2.3",
        "**Allowlist:**",
        "`tool_command %q for node %q is not in the allowlist`",
        ("DC209",),
        "patterns added with `--tool-allowlist` are unknown to a static reading; statements "
        "holding placeholders are not judged",
    ),
    Entry(
        "2.3",
        "**Environment:**",
        "variables named like `*_API_KEY`, `*_SECRET`, `*_TOKEN`, `*_PASSWORD` removed unless "
        "`TRACKER_PASS_ENV=1`",
        (),
        "not a refusal, and whether `TRACKER_PASS_ENV` is set is known only where the run happens",
    ),
    Entry(
        "2.3",
        "**Static checks:**",
        "tracker checks neither list before the run",
        _TOOL_REFUSALS,
    ),
    Entry(
        "2.3",
        "on tool nodes:**",
        "`unsafe working_dir` (shell metacharacters, `..` after cleaning); `timeout` and "
        "`output_limit` must be > 0; `output_limit` capped at 10 MB",
        ("DC210", "DC005", "DC214"),
        "a `.dip` tool has no `working_dir` and drops a zero `timeout`/`output_limit` (tracker "
        "then uses its defaults): these refusals come from DOT attributes",
    ),
    # -- §4.1 ------------------------------------------------------------------------------
    Entry("4.1", "parse Dippin file", "`parse Dippin file: …`", ("DC001",)),
    Entry(
        "4.1", "resolve file directives in", "`resolve file directives in <file>: …`", ("DC003",)
    ),
    Entry(
        "4.1",
        "| DIP001\u2013010 |",
        "`N validation error(s) in <file>` (dippin's structural checks)",
        ("DIP001..DIP010",),
    ),
    Entry("4.1", "| DIP1xx | W |", "`warning[DIPxxx]: <msg>`", ("DIP101..DIP165",)),
    Entry(
        "4.1",
        "DIP1xx (error/info severity)",
        "dippin lint results that are not warnings (stderr only)",
        ("DIP155", "DIP156", "DIP157", "DIP158", "DIP163"),
        "tracker prints them and does not stop; dipcheck grades each by what the run does: "
        "DIP155, DIP157 and DIP158 are errors (the inputs are not bound, or the tool fails "
        "closed), DIP156 and DIP163 warnings",
    ),
    Entry(
        "4.1",
        "ErrNilWorkflow",
        "`workflow missing Start node` / `workflow missing Exit node`",
        ("DIP001", "DIP002"),
        "`nil workflow` " + _NO_FILE,
    ),
    Entry(
        "4.1",
        "unknown node kind",
        "`node <id>: <kind>: unknown node kind`",
        ("DC001",),
        "an unknown kind keyword is a syntax error; `unknown config type` " + _NO_FILE,
    ),
    Entry(
        "4.1",
        "manager_loop without config",
        "`manager_loop node is missing required ir.ManagerLoopConfig`",
        (),
        _NO_FILE,
    ),
    Entry(
        "4.1",
        "steer_context key contains",
        "`steer_context key contains ':' …`",
        ("DC005",),
    ),
    Entry(
        "4.1",
        "`override: true` on an edge not leaving a human node",
        "`override: true is only valid on edges from wait.human gate nodes`",
        ("DC012",),
    ),
    Entry(
        "4.1",
        "Parsed-only condition",
        "`formatted Parsed condition uses parentheses`",
        (),
        "cannot come from a file: parsing always sets the condition's raw text",
    ),
    Entry(
        "4.1",
        "start or exit node not declared",
        "`start node %q not found in graph` / `exit node %q not found in graph`",
        ("DIP001", "DIP002"),
    ),
    Entry(
        "4.1",
        "DOT format is deprecated",
        "`WARNING: DOT format is deprecated`",
        (),
        "said of every DOT file; not a defect of the file",
    ),
    Entry(
        "4.1",
        "`.dipx` open or hash failure",
        "`load bundle <p>: …`",
        (),
        "dipcheck lints the `.dip` sources, not packed bundles",
    ),
    # -- §4.2 ------------------------------------------------------------------------------
    Entry(
        "4.2",
        "graph is nil / has no nodes",
        "`graph has no nodes`",
        ("DIP001", "DIP002"),
        "a workflow without nodes has no start or exit node; `graph is nil` " + _NO_FILE,
    ),
    Entry(
        "4.2",
        "**DOT only** (skipped when `DippinValidated`)",
        "DOT structure: start/exit count, undeclared edge ends, exit with outgoing edges, "
        "unreachable node, unconditional cycle, duplicate edge",
        ("DIP001", "DIP002", "DIP003", "DIP004", "DIP005", "DIP006", "DIP009"),
    ),
    Entry("4.2", "any node whose shape has no handler", "`unrecognized shape`", ("DC005",)),
    Entry(
        "4.2",
        "no outgoing condition that contains `fail`",
        "`conditional node %q has no fail edge`",
        ("DC320",),
    ),
    Entry(
        "4.2",
        "only some of them labelled",
        "`conditional node %q has inconsistent edge label usage (%d/%d labeled)`",
        ("DC321",),
    ),
    Entry(
        "4.2",
        "the `Graph.LintWarnings` copied across",
        "dippin's lint warnings, repeated",
        ("DIP101..DIP165",),
    ),
    # -- §4.3 ------------------------------------------------------------------------------
    Entry(
        "4.3",
        "is not in the validation registry",
        "`node %q has unregistered handler %q`",
        ("DC005", "DC322"),
        "DC005 for a DOT `type` no handler answers to (including `spawn` and `manager_loop`, "
        "which pass `validate` but fail the run); DC322 notes that `validate` and `doctor` "
        "refuse every `stack.manager_loop` node",
    ),
    Entry(
        "4.3",
        "an edge condition fails the syntax check",
        "`edge %s->%s has invalid condition %q: <reason>`",
        ("DIP010", "DC301"),
    ),
    Entry(
        "4.3",
        "**Reasons for an invalid condition**",
        "the reasons `validate` gives for an invalid condition",
        ("DIP010",),
    ),
    Entry(
        "4.3",
        "invalid max_retries",
        "DOT `max_retries`, `cache_tool_results`, `context_compaction`, "
        "`context_compaction_threshold` values refused",
        ("DC005",),
    ),
    Entry(
        "4.3",
        "variable availability, fatal class",
        "`node %q references context key %q in %s, but no node in this pipeline writes it`",
        ("DC101",),
    ),
    Entry(
        "4.3",
        "variable availability, soft class",
        "the same warnings for soft references, unreachable producers and unknown scoped nodes",
        ("DC102", "DC103", "DC105"),
    ),
    Entry("4.3", "TRK101", "`warning[TRK101]: …`", ("TRK101",)),
    Entry("4.3", "TRK102", "`warning[TRK102]: …`", ("TRK102",)),
    Entry(
        "4.3",
        "**Registry quirk**",
        '`validate`/`doctor` report `unregistered handler "stack.manager_loop"` for every '
        "manager loop",
        ("DC322",),
    ),
    # -- §4.4 ------------------------------------------------------------------------------
    Entry(
        "4.4",
        "**`tracker validate <file|name|.dipx>`**",
        "how `tracker validate` prints warnings, errors and its summary",
        (),
        "the command's output format; dipcheck's own output is described in "
        "[output-format.md](output-format.md). "
        "Subgraph children, which `validate` does not load, are checked by DIP126, DIP135, "
        "DIP160 and DC310",
    ),
    Entry(
        "4.4", "does not exist`, `permission denied", "doctor: the file cannot be read", ("DC002",)
    ),
    Entry(
        "4.4",
        "is not a .dip, .dot, or .dipx file",
        "doctor: `<f> is not a .dip, .dot, or .dipx file`",
        (),
        "dipcheck chooses the format from the extension and the configuration",
    ),
    Entry(
        "4.4",
        "read error: …`, `<f>: parse error",
        "doctor: read and parse errors",
        ("DC002", "DC001"),
    ),
    Entry(
        "4.4",
        "each error as `error: <msg>`",
        "doctor: the validation errors and warnings, and its verdict",
        (),
        "the messages are those of the three sections above",
    ),
    Entry(
        "4.4",
        "is retired on the first-party provider API",
        "doctor: `model %q is retired on the first-party provider API`",
        ("DIP161",),
    ),
    Entry(
        "4.4",
        "bundle load failed",
        "doctor: `<f>: bundle load failed: …`",
        (),
        "dipcheck lints the `.dip` sources, not packed bundles",
    ),
    Entry(
        "4.4",
        'The "Git Requires" check',
        "doctor: `requires %q is not yet implemented; runtime will warn and continue`",
        ("DC328",),
    ),
    Entry(
        "4.4",
        "The other doctor checks",
        "doctor's environment checks (providers, binaries, disk …)",
        (),
        "about the machine, not the workflow",
    ),
    Entry("4.4", "Exit codes: 0 pass", "doctor's exit codes", (), "the command's interface"),
    Entry(
        "4.4",
        "**`tracker simulate`**",
        "simulate's plan markers: no start node, dead end, unreachable nodes",
        ("DIP001", "DIP004"),
        "a dead end is the engine's `no outgoing edges` failure (below)",
    ),
    Entry(
        "4.4",
        "has no prompt attribute",
        "conformance: `node %q (shape=box) has no prompt attribute`",
        ("DIP110",),
    ),
    Entry(
        "4.4",
        "Output is JSON",
        "conformance: JSON output, exit status 0",
        (),
        "the command's interface",
    ),
    # -- §4.5 ------------------------------------------------------------------------------
    Entry(
        "4.5",
        "`no outgoing edges from non-exit node %q`",
        "a node other than the exit with no outgoing edge ends the run as failed",
        ("DC314", "DC325"),
    ),
    Entry(
        "4.5",
        "`no matching edges: all N edges have conditions",
        "every outgoing edge is conditional and none matches (no label or suggestion either)",
        ("DIP102", "DC315", "DC401"),
        "DIP102 reports conditional-only routing statically; DC315 the failed node whose "
        "conditions miss the failure; DC401 (off by default) proves it by simulation",
    ),
    Entry(
        "4.5",
        "`node %q failed with no conditional edges to handle failure`",
        "strict failure: a failed node with only unconditional edges and no fallback",
        ("DC315", "DIP144", "DC339"),
        "DC315 follows tracker's fallback chain on every node kind; DIP144 (dippin parity, "
        "off by default) looks at agents only; DC339 tells a parent that routes a subgraph's "
        "`fail` that a strict failure in the child fails the parent's run instead",
    ),
    Entry(
        "4.5",
        "`max restarts (N) exceeded`",
        "more loop restarts than `max_restarts` (default 5) in one run",
        ("DC402", "DC403", "DIP134"),
        "the count depends on outcomes, so only the simulator (DC402/DC403, off by default) "
        "can prove it; DIP134 reports `max_retries` used where `max_restarts` was meant",
    ),
    Entry(
        "4.5",
        "`retry_target %q on node %q does not exist in graph`",
        "a `retry_target` naming no node",
        ("DC010",),
    ),
    Entry(
        "4.5",
        "`subgraph node %q references %q but it was not loaded`",
        "a subgraph or manager-loop ref whose file cannot be loaded",
        ("DIP126", "DIP135"),
    ),
    Entry(
        "4.5",
        "agent and human gates",
        "`node %q missing required attribute 'prompt'` (an agent with no prompt that is not "
        "the start or exit)",
        ("DIP110",),
    ),
    Entry(
        "4.5",
        "agent and human gates",
        "`fan-in node %q: missing parallel.results in context`",
        ("DC324", "DIP007"),
    ),
    Entry(
        "4.5",
        "agent and human gates",
        "`unknown fan_in_policy %q`, `fan_in_policy=quorum requires a positive quorum param`",
        ("DC323",),
    ),
    Entry(
        "4.5",
        "agent and human gates",
        "a `fallback_target` on a parallel branch target is refused",
        ("DC316", "DC319"),
        "DC316 reports the refused fallback; DC319 the retry and goal-gate fields that are "
        "inert on a branch and the retry targets that point into one",
    ),
    Entry(
        "4.5",
        "agent and human gates",
        "`human gate node %q has no outgoing edges to derive choices from`",
        ("DC325",),
    ),
    Entry(
        "4.5",
        "| tool nodes |",
        "the tool errors ([tools](runtime/tools.md)): unsafe placeholders, denied or not "
        "allowed commands, "
        "`working_dir`, `timeout`, `output_limit`, a missing command",
        ("DC201", "DIP157", "DC208", "DC209", "DC210", "DC005", "DC213"),
        "`tool_command expanded to empty` depends on the values placeholders get at run time",
    ),
    Entry(
        "4.5",
        "manager_loop (handler errors",
        '`missing required attribute "subgraph_ref"`',
        ("DIP135",),
    ),
    Entry(
        "4.5",
        "manager_loop (handler errors",
        "bad `poll_interval` or `max_cycles`",
        ("DC005", "DIP136"),
        "in a `.dip` file dippin drops zero and negative values (tracker then uses its "
        "defaults, which DIP136 points out); DOT values are passed as written",
    ),
    Entry(
        "4.5",
        "manager_loop (handler errors",
        "steer_condition/steer_context not set together, ambiguous steer keys, `stop_condition "
        "%q is invalid`",
        ("DC326",),
    ),
    Entry(
        "4.5",
        "manager_loop (handler errors",
        "`max_cycles %d reached`",
        ("DC327", "DIP137"),
        "how long the child runs is unknown; DC327 reports stop conditions that cannot end "
        "the loop, leaving max_cycles as its only end",
    ),
    Entry(
        "4.5",
        "manager_loop (handler errors",
        "stderr warning for `stack.child.*` keys other than status, cycles, exit_status",
        ("DC327",),
    ),
    Entry(
        "4.5",
        "| inputs |",
        "declared-input binding: missing required input, type, pattern, range, length or enum",
        ("DIP155", "DIP156", "DIP158", "DIP160"),
        "values the caller supplies are known only at run time; declarations and subgraph "
        "bindings are checked",
    ),
    Entry(
        "4.5",
        "packed `.dipx` plus `${graph.workflow_dir}`",
        "`${graph.workflow_dir}` empty in a packed `.dipx` bundle",
        (),
        "whether a workflow will be packed is not in the file",
    ),
)


def expand(code: str) -> list[str]:
    """The registered codes a ``codes`` item stands for (a ``A..B`` range: every registered
    code between the two, both included)."""
    if ".." not in code:
        return [code]
    low, high = (registry.code_key(item) for item in code.split(".."))
    return [
        rule.code for rule in registry.all_rules() if low <= registry.code_key(rule.code) <= high
    ]


def entries(section: str) -> Iterator[Entry]:
    return (entry for entry in ENTRIES if entry.section == section)


def _codes(entry: Entry) -> str:
    links = []
    for code in entry.codes:
        if ".." in code:
            low, high = code.split("..")
            links.append(f"[{low}](rules/{low.lower()}.md) to [{high}](rules/{high.lower()}.md)")
        else:
            links.append(f"[{code}](rules/{code.lower()}.md)")
    return ", ".join(links) or "none"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def page() -> str:
    """docs/runtime-coverage.md."""
    lines = [
        "<!-- Generated by `python -m dipcheck.rules.docs` from "
        "dipcheck/rules/runtime_coverage.py. -->",
        "",
        "# tracker's refusals and failures, and the dipcheck codes that predict them",
        "",
        "Every refusal and failure of tracker v0.64: the tool-command denylist and allowlist, "
        "every diagnostic `tracker validate`, `doctor` and `simulate` print, and the failures "
        "only a run meets, with the codes that report it before anything runs — or why no "
        "static reading can. The behaviour itself is described in [runtime/](runtime/README.md) "
        "([tools](runtime/tools.md), [what tracker refuses](runtime/loading.md#what-tracker-"
        "refuses-before-a-run), [failures only a run meets](runtime/failures.md#failures-only-"
        "a-run-meets)). A test keeps this page in step with the project's record of tracker's "
        "messages: a message without an entry, or an entry naming a code that does not exist, "
        "fails it.",
        "",
    ]
    for section, title in SECTIONS.items():
        lines += [
            f"## {title}",
            "",
            "| Runtime message or behaviour | Predicted by | Notes |",
            "|---|---|---|",
        ]
        for entry in entries(section):
            lines.append(f"| {_cell(entry.message)} | {_codes(entry)} | {_cell(entry.reason)} |")
        lines.append("")
    return "\n".join(lines)

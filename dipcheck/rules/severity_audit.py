"""The severity audit: every rule's group, its audited default severity and why (see
:mod:`dipcheck.rules.policy` for what each severity means). A test keeps each entry's severity
equal to the one the rule declares; the reason is rendered on the rule's page. dipcheck's own
codes are here; the codes kept for parity with dippin and tracker's linters are in
:mod:`dipcheck.rules.severity_audit_parity`."""

from __future__ import annotations

from dipcheck.diagnostics import Severity
from dipcheck.rules.policy import REFUSED, RUN_FAILS, Audit
from dipcheck.rules.severity_audit_parity import PARITY

E, W, I, H = Severity.ERROR, Severity.WARNING, Severity.INFO, Severity.HINT  # noqa: E741


def _a(group: str, severity: Severity, why: str) -> Audit:
    return Audit(group, severity, why)


_OWN: dict[str, Audit] = {
    # -- DC0xx: loading ---------------------------------------------------------------------
    "DC000": _a(
        "runtime",
        E,
        "dipcheck could not check the file; an error, so that a crash never passes for a clean "
        "file.",
    ),
    "DC001": _a(
        "runtime",
        E,
        f"{REFUSED}: a parse failure is fatal "
        "(docs/runtime/loading.md#how-tracker-loads-a-dip-file). Where dippin's parser reads on "
        "without a diagnostic (it discards the text, or reads it otherwise than written), the "
        "finding is a warning that says what dippin does: the file runs.",
    ),
    "DC002": _a("runtime", E, "the file cannot be read at all, so nothing can run it."),
    "DC003": _a(
        "runtime",
        E,
        f"{REFUSED}: resolving `prompt_file`/`command_file` is a fatal load step "
        "(docs/runtime/loading.md#how-tracker-loads-a-dip-file).",
    ),
    "DC004": _a(
        "runtime",
        E,
        "dippin rejects an unknown field at parse time, so tracker refuses the file; in DOT the "
        "finding is a warning (tracker keeps and ignores the attribute: the value is lost, the "
        "file runs), and so is a field other than `branch`/`params` in a block-form `parallel` "
        "(dippin steps over it without a word).",
    ),
    "DC005": _a(
        "runtime",
        E,
        f"{REFUSED}: dippin (and tracker's DOT checks, docs/runtime/loading.md#dot-only-checks) "
        "reject a value "
        "that does not parse. A value dippin accepts but reads otherwise than written (an "
        "edge's `restart`/`override` other than `true`/`false`, read as false) is a warning: "
        "the file runs.",
    ),
    "DC006": _a(
        "runtime",
        E,
        "dippin rejects a duplicate key in `params`, `vars` and `steer_context` outright, so "
        "tracker refuses the file. In `.dip`, a field, an edge attribute or an edge "
        "condition given twice is a warning: dippin keeps the last one without a word, and "
        "the file runs; in a DOT attribute list the last value wins too (gographviz "
        "`GetMap`) and the file loads: a warning.",
    ),
    "DC007": _a(
        "runtime",
        W,
        "the parser skips the text, so what it says never happens: the workflow runs without it.",
    ),
    "DC008": _a(
        "runtime",
        W,
        "dippin merges the second declaration into the first (its start and exit win), so the "
        "workflow that runs is not either one as written.",
    ),
    "DC009": _a("runtime", E, f"{REFUSED}: dippin does not accept tracker's attribute names."),
    "DC010": _a(
        "runtime",
        E,
        f"{REFUSED} (dippin's validation), or the run fails when it follows the field "
        "(`retry_target %q … does not exist`, docs/runtime/failures.md#failures-only-a-run-meets).",
    ),
    "DC011": _a("runtime", E, "tracker's DOT loader refuses the construct or reads another graph."),
    "DC012": _a(
        "runtime",
        E,
        f"{REFUSED}: the adapter stops on `override: true` outside a human gate "
        "(docs/runtime/loading.md#what-tracker-refuses-before-a-run).",
    ),
    # -- DC1xx: context flow ----------------------------------------------------------------
    "DC101": _a(
        "context",
        E,
        "`tracker validate` and `tracker doctor` report it as an error and exit 1 (the fatal "
        "class of docs/runtime/context.md#the-variable-check).",
    ),
    "DC102": _a(
        "context",
        W,
        "the reference expands to an empty string at run time (tracker validate warns too, "
        "docs/runtime/context.md#the-variable-check).",
    ),
    "DC103": _a(
        "context",
        W,
        "on the paths the run takes the key is empty (tracker validate warns too, "
        "docs/runtime/context.md#the-variable-check).",
    ),
    "DC104": _a(
        "context",
        W,
        "on some path the reader sees an empty key; an error in the typed-outputs DOT dialect, "
        "whose validator refuses the run.",
    ),
    "DC105": _a(
        "context",
        W,
        "the scoped key is never set, so it reads empty "
        "(docs/runtime/context.md#the-variable-check).",
    ),
    "DC106": _a(
        "context",
        W,
        "branches never see each other's writes, so the read is empty "
        "(docs/runtime/parallel.md#branches).",
    ),
    "DC107": _a(
        "context",
        W,
        "the one-shot `human_response` is already cleared there, so the node reads an empty "
        "answer (docs/runtime/context.md#human_response-is-one-shot).",
    ),
    "DC108": _a(
        "context",
        I,
        "the join succeeds without the key only when a branch fails. Off by default: it also "
        "fires on the usual pattern where each branch writes its own key.",
    ),
    "DC109": _a(
        "context",
        W,
        "the run goes on, down the branch an earlier iteration's value picks, which the author "
        "did not mean; nothing fails (docs/runtime/context.md#built-in-keys).",
    ),
    "DC110": _a(
        "context", E, "the typed-outputs DOT engine's validator refuses the read (seed 003)."
    ),
    # -- DC2xx: tool safety and writes ------------------------------------------------------
    "DC201": _a(
        "safety",
        E,
        "the tool fails closed as soon as the key holds a value, and "
        f"{RUN_FAILS}; no fail edge is consulted (docs/runtime/tools.md#keys-a-command-may-use).",
    ),
    "DC202": _a(
        "context",
        W,
        "the engine resets both keys before every node, so they always expand empty "
        "(docs/runtime/tools.md#keys-a-command-may-use).",
    ),
    "DC203": _a(
        "context",
        E,
        "the node fails every time it runs: a reserved key makes its writes fail "
        "(docs/runtime/context.md#reserved-keys).",
    ),
    "DC204": _a(
        "safety",
        W,
        "a later `${params.*}`/`${graph.*}` can carry the written text; an error when an agent's "
        "text reaches a tool command that way.",
    ),
    "DC205": _a(
        "context",
        W,
        "the handler never applies the declared writes, so the keys stay unset "
        "(docs/runtime/context.md#declared-writes).",
    ),
    "DC206": _a(
        "context",
        W,
        "which branch's value survives the join depends on order and on which branches "
        "succeeded (docs/runtime/parallel.md#branches).",
    ),
    "DC207": _a(
        "safety",
        W,
        "shellcheck's errors and warnings are ways a command fails or misbehaves; an unused "
        "variable (SC2034) and the info-level checks it reports (SC2059, SC2035, SC2029) are "
        "info, since they change nothing on the commands of real workflows.",
    ),
    "DC208": _a(
        "safety",
        E,
        f"tracker's denylist refuses the command and {RUN_FAILS} "
        "(docs/runtime/tools.md#denied-and-allowed-commands).",
    ),
    "DC209": _a(
        "safety",
        E,
        f"tracker's allowlist refuses the command and {RUN_FAILS} "
        "(docs/runtime/tools.md#denied-and-allowed-commands).",
    ),
    "DC210": _a(
        "safety",
        E,
        f"the tool handler refuses the `working_dir` and {RUN_FAILS} "
        "(docs/runtime/tools.md#denied-and-allowed-commands).",
    ),
    "DC211": _a(
        "routing",
        W,
        "the command always exits 0, so its failure route never fires and a failure moves on "
        "as a success.",
    ),
    "DC212": _a(
        "routing",
        W,
        "the pipeline's status is its last command's, so the failure route does not fire for "
        "the failure it was written for.",
    ),
    "DC213": _a(
        "runtime",
        E,
        f"the tool handler refuses a node without a command and {RUN_FAILS}.",
    ),
    "DC214": _a(
        "config",
        W,
        "tracker lowers the limit to 10 MB, so output the author meant to keep can be cut "
        "(a marker printed early is lost).",
    ),
    "DC215": _a(
        "safety",
        W,
        "typed text is pasted into the command before the shell parses it: a quote or `$(…)` "
        "in it changes what runs.",
    ),
    # -- DC3xx: routing and runtime semantics -----------------------------------------------
    "DC301": _a(
        "routing",
        W,
        "tracker runs the file and reads the condition as one comparison (tracker#647), so the "
        "edge is taken when the author meant it not to be (or the reverse); an info when the "
        "edges declared before it already catch every value on which the two readings differ.",
    ),
    "DC302": _a(
        "routing",
        W,
        "a `retry` status never reaches edge selection, so the route its author wrote never "
        "fires (docs/runtime/failures.md#retries).",
    ),
    "DC303": _a(
        "routing",
        W,
        "the handler always reports success, so the condition is constant and a route is dead "
        "or swallows the others (docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DC304": _a(
        "routing", W, "the key is never written, so the condition or placeholder reads empty."
    ),
    "DC305": _a(
        "context",
        W,
        "the placeholder always expands to an empty string "
        "(docs/runtime/expansion.md#missing-values).",
    ),
    "DC306": _a(
        "routing",
        W,
        "the equality never holds, so the run always takes another edge.",
    ),
    "DC307": _a(
        "context",
        W,
        "a prose answer cannot be split into the declared keys, so the node fails unless the "
        "model answers in JSON unasked (docs/runtime/context.md#declared-writes).",
    ),
    "DC308": _a(
        "context",
        I,
        "the prompt is the same with or without the entry; worth knowing, nothing goes wrong.",
    ),
    "DC309": _a(
        "routing",
        W,
        "tracker ignores the route, so it is never taken "
        "(docs/runtime/loading.md#from-dippin-to-trackers-graph).",
    ),
    "DC310": _a(
        "context",
        W,
        "the placeholder is erased when the child is injected (docs/runtime/parallel.md#branches).",
    ),
    "DC311": _a(
        "routing",
        E,
        "the typed-outputs engine refuses any value outside the declaration, so the route is "
        "unreachable by construction (seed 003).",
    ),
    "DC312": _a("routing", E, "the Attractor engines refuse an edge into the start node."),
    "DC313": _a(
        "routing",
        W,
        "no stage status has the value, so the condition never holds "
        "(docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DC314": _a(
        "runtime",
        E,
        "the run fails when it reaches the node (`no outgoing edges from non-exit node`, "
        "docs/runtime/failures.md#failures-only-a-run-meets).",
    ),
    "DC315": _a(
        "routing",
        W,
        "where the workflow routes other failures, this one ends the run instead; an info for "
        "a workflow that routes no failure at all (fail-fast is tracker's normal behaviour).",
    ),
    "DC316": _a(
        "runtime",
        E,
        "tracker refuses to dispatch the branches, and the run fails "
        "(docs/runtime/parallel.md#branches).",
    ),
    "DC317": _a(
        "routing",
        W,
        "a start or exit marker whose prompt only says it starts or ends runs as a real agent "
        "session instead of a passthrough (docs/runtime/loading.md#from-dippin-to-trackers-graph; "
        "tracker commit faf87d6 removed the same "
        "prompts from its own workflows).",
    ),
    "DC318": _a(
        "routing",
        W,
        "a failed node goes straight to the exit and the run ends as a success, skipping the "
        "failure handler (tracker commit b5eea87 fixed its sprint_exec example so).",
    ),
    "DC319": _a(
        "routing",
        W,
        "a branch runs once inside its parallel node: its retry settings never act, and a "
        "target that names it runs it alone (docs/runtime/parallel.md#branches).",
    ),
    "DC320": _a(
        "routing",
        I,
        "parity: `tracker validate` prints this warning, but a conditional node never fails, so "
        "nothing goes wrong (docs/runtime/loading.md#which-command-checks-what).",
    ),
    "DC321": _a(
        "routing",
        I,
        "parity: `tracker validate` prints this warning; mixing labels changes no route "
        "(docs/runtime/loading.md#which-command-checks-what).",
    ),
    "DC322": _a(
        "runtime",
        I,
        "`tracker run` runs the node; only `tracker validate`/`doctor` refuse it, a tracker bug "
        "the workflow cannot fix (docs/runtime/loading.md#dot-only-checks).",
    ),
    "DC323": _a("runtime", E, f"the parallel handler refuses the policy and {RUN_FAILS}."),
    "DC324": _a(
        "runtime",
        E,
        "the fan_in finds no `parallel.results` and the run fails there "
        "(docs/runtime/failures.md#failures-only-a-run-meets).",
    ),
    "DC325": _a(
        "runtime",
        E,
        "a choice gate with no edges has nothing to offer and the run fails "
        "(docs/runtime/failures.md#failures-only-a-run-meets).",
    ),
    "DC326": _a(
        "runtime", E, f"the manager loop's handler refuses the configuration and {RUN_FAILS}."
    ),
    "DC327": _a(
        "routing",
        W,
        "the condition never changes while the loop polls, so the loop stops at once or never.",
    ),
    "DC328": _a(
        "runtime",
        I,
        "tracker prints that the requirement is not implemented and runs on; nothing fails.",
    ),
    "DC330": _a(
        "context",
        W,
        "the model sees broken fences, not the prompt the author wrote (the output is already "
        "fenced, docs/runtime/expansion.md#missing-values).",
    ),
    "DC331": _a(
        "context",
        W,
        "tracker never substitutes it: the prompt keeps the literal text, the shell sees an "
        "unset variable (docs/runtime/tools.md#graph-variables-in-commands, "
        "docs/runtime/expansion.md#missing-values).",
    ),
    "DC332": _a(
        "routing",
        W,
        "for a status the node does report no edge matches, and the run stops with `no "
        "matching edges` (docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DC333": _a(
        "routing",
        W,
        "a branch is never marked completed, so the gate is never checked and a failed branch "
        "does not send the run back (docs/runtime/failures.md#goal-gates, "
        "docs/runtime/parallel.md#branches).",
    ),
    "DC334": _a(
        "context",
        I,
        "the output still reaches the model, in a heading and fence of its own mid-sentence; "
        "worth knowing, nothing is lost.",
    ),
    "DC335": _a(
        "runtime",
        W,
        "depending on how the refs are written tracker refuses the chain or runs it, and then "
        "only a condition that keeps the run away from the ref ends it "
        "(docs/runtime/subgraphs.md#subgraphs).",
    ),
    "DC336": _a(
        "runtime",
        W,
        "tracker runs the gate; its answer then takes an edge the author did not label for it, "
        "or fails the run on a No (docs/runtime/edge-selection.md#choosing-an-edge).",
    ),
    "DC337": _a(
        "runtime",
        W,
        "tracker runs the workflow; the step chained after the branch silently never runs "
        "(docs/runtime/parallel.md#branches).",
    ),
    "DC338": _a(
        "runtime",
        W,
        "tracker runs the tool once: a failure the author meant to retry is routed (or ends "
        "the run) at once (docs/runtime/failures.md#retries).",
    ),
    "DC339": _a(
        "runtime",
        W,
        "tracker runs the parent, but a failure in the child fails the whole run where the "
        "author routed it to a fix (docs/runtime/subgraphs.md#what-comes-back).",
    ),
    # -- DC4xx: simulation ------------------------------------------------------------------
    **{
        code: _a(
            "simulation",
            W,
            "each is a run that ends where its author did not mean it to. Off by default: the "
            "exploration costs time on large workflows; select them with `simulation` (or run "
            "`dipcheck simulate`).",
        )
        for code in ("DC401", "DC402", "DC403", "DC404", "DC405")
    },
    # -- DC9xx: suppressions ----------------------------------------------------------------
    "DC901": _a(
        "suppression",
        W,
        "a stale suppression would silently hide the next finding of its code on that line.",
    ),
    "DC902": _a(
        "suppression",
        W,
        "the comment suppresses nothing, so the finding it was written for stays.",
    ),
    "DC903": _a(
        "suppression",
        W,
        "the `disable` block it was meant to close runs on to the end of the file.",
    ),
    "DC904": _a(
        "suppression",
        W,
        "the comment suppresses nothing, so the finding it was meant for is still reported, or "
        "a block its author believes covered is not.",
    ),
    # -- Lnn: YAML step workflows -----------------------------------------------------------
    "L01": _a("runtime", E, "the step engine refuses to load a workflow that carries the key."),
    "L02": _a(
        "context",
        E,
        "the dialect reserves the name (ADR-0009); its design makes the clash a lint error.",
    ),
    "L03": _a(
        "context",
        E,
        "the dialect's design (seed 001) makes an unresolvable reference a lint error: the "
        "engine would run the step with a placeholder instead of the value.",
    ),
    "L10": _a(
        "context",
        E,
        "the dialect's design (seed 001) makes an unresolvable reference a lint error: the "
        "engine would run the step with `_(unavailable: …)_` instead of its context.",
    ),
    "L11": _a(
        "context",
        E,
        "the dialect's design (seed 001) makes an unresolvable placeholder a lint error: the "
        "engine would run the step with `_(unavailable: …)_` instead of its context.",
    ),
    # -- Onn: Ordewell plans ----------------------------------------------------------------
    "O01": _a("runtime", E, "Ordewell refuses the plan (`validateVerticalSliceShape`)."),
    "O02": _a("runtime", E, "Ordewell refuses the plan (`validateVerticalSliceShape`)."),
    "O03": _a("runtime", E, "Ordewell refuses the plan (`validateVerticalSliceShape`)."),
    "O04": _a("runtime", E, "Ordewell refuses the plan (`validateVerticalSliceShape`)."),
    "O05": _a(
        "runtime",
        E,
        "Ordewell refuses the plan when it is generated or loaded (`validateAssignedRunners`).",
    ),
    "O10": _a("context", W, "the task does not get the output its prompt counts on."),
    "O11": _a("context", W, "two tasks of one wave edit the same file concurrently."),
    "O12": _a(
        "runtime",
        E,
        "the watcher completes or checkpoints the task as soon as the runner echoes its prompt.",
    ),
    "O13": _a("context", W, "the task sees its prompt with the text changed."),
    "O14": _a("routing", W, "an earlier draft of the plan runs instead, with no warning."),
    "O15": _a(
        "runtime",
        E,
        "the task is never ready: it and everything that depends on it never run.",
    ),
    "O16": _a("routing", W, "the dependent task can start before the subtasks finish."),
    "O17": _a("config", W, "the task takes its parent's value, not the one written."),
}

AUDIT: dict[str, Audit] = {**_OWN, **PARITY}

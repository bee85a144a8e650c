"""DC101 to DC106 and DC108: context keys that are read where no node (or not every path)
writes them.

DC101/DC102/DC103/DC105 reproduce tracker's submit-time availability check exactly
(docs/runtime/context.md#the-variable-check): ambient keys and prefixes are never reported,
references that an
opaque node (subgraph, manager_loop) can reach are skipped, producers are ``writes:`` and
``answers_key`` anywhere, reachability is plain (loops and self-reach count), one finding per
(node, key), and an error replaces a warning. DC104 goes further: it asks whether the key is
written on *every* path from the start. DC106 knows that parallel branches run on private
copies of the context. Beyond tracker, a file that runs as a subgraph child does not report
keys its parents may hold when they call it (``rules/boundary.py``). The classification is
``rules/availability.py``; keys read when their value is stale (DC107, DC109) are
``rules/stale_context.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.rules.availability import findings_of
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule

_EXAMPLE_WRITES = (
    "agent Plan\n  prompt: Plan it.\n  writes: plan_summary\n"
    "agent Build\n  prompt:\n    Build this: ${ctx.plan_sumary}"
)


@rule(
    "DC101",
    "undefined-context-key",
    Severity.ERROR,
    summary="A `reads:` entry or a `ctx.`-prefixed condition operand names a key no node writes.",
    rationale=(
        "tracker's validator treats these positions as unambiguous and fails `tracker "
        "validate` on them: the run would read a key that can never exist, typically a typo "
        "or a `writes:` declaration that was removed. (dippin's DIP112 reports `reads:` "
        "entries too; it is off by default because DC101, DC103 and DC104 cover the same "
        "spans with tracker's rules; DIP121 leaves keys no node writes to DC101/DC102.) "
        "A subgraph child starts from its parent's whole context (`pipeline/subgraph.go`, "
        "docs/runtime/subgraphs.md#what-the-child-sees): in a file that a workflow next to or "
        "above it runs as a child, keys that "
        "parent may hold when it calls the child are not reported (DC101 to DC104), and in a "
        "file that only looks like a child (a `subgraphs/` directory, say) the findings are "
        "informational and say why."
    ),
    example="agent Review\n  reads: review_notes\n  prompt: Review.",
    fix="Fix the key name, or declare the key in an upstream node's `writes:`.",
    formats=("dip", "dot"),
)
def undefined_key(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC101")


@rule(
    "DC102",
    "unproduced-context-key",
    Severity.WARNING,
    summary="A `${ctx.K}` or a bare condition operand names a key no node writes.",
    rationale=(
        "An interpolation of a key nobody writes expands to an empty string, and a condition "
        "on it compares against an empty string: the prompt silently loses its input, the "
        "edge silently never (or always) fires. (DIP121 leaves such keys to this rule.) In a "
        "tool command the message does not suggest writing the key: tracker refuses a "
        "command whose `${ctx.K}` holds a value (docs/runtime/tools.md#keys-a-command-may-use, "
        "DC201), so the fix is a file. Keys a "
        "subgraph child gets from its parent are not reported (see DC101)."
    ),
    example=_EXAMPLE_WRITES,
    fix="Fix the key name (see the suggestion), or declare the key in a node's `writes:`.",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def unproduced_key(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC102")


@rule(
    "DC103",
    "unreachable-producer",
    Severity.WARNING,
    summary="Producers of the key exist, but none can reach the node that reads it.",
    rationale=(
        "Every node that writes the key runs only after (or on another branch than) the "
        "reader, so on a normal run the reader sees nothing. In a step workflow the referenced "
        "step can never have run before the referencing one. (This rule, not dippin's DIP112, "
        "reports such `reads:` entries by default.)"
    ),
    example="edges\n  Summarize -> Draft\n  # Draft writes `outline`, Summarize reads it",
    fix="Move the producer before the reader, or read the key later in the workflow.",
)
def unreachable_producer(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC103")


@rule(
    "DC104",
    "not-produced-on-every-path",
    Severity.WARNING,
    summary="Some path from the start reaches the reader without passing a producer of the key.",
    rationale=(
        "A key written on only one branch (or only on the second pass of a loop) is missing on "
        "the other paths; the prompt renders empty there, at three in the morning. The finding "
        "names one concrete path from the start to the reader on which no node writes the key. "
        "In the typed-outputs DOT dialect (seed 003) the engine's validator refuses to start "
        "such a run, so the finding is an error there; a `loop_restart` edge clears everything "
        "but the declared inputs. "
        "(dippin's DIP112 asks a weaker question and skips nodes on loops; it is off by "
        "default.)"
    ),
    example=(
        "edges\n  Triage -> Fix when ctx.outcome = fail\n  Triage -> Report\n  Fix -> Report\n"
        "# Fix writes `patch`; Report reads ${ctx.patch}"
    ),
    fix="Write the key on every path (a default in an earlier node), or read it only on the "
    "path that produces it.",
)
def not_every_path(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC104")


@rule(
    "DC105",
    "unknown-scoped-reference",
    Severity.WARNING,
    summary="`node.<id>.<key>` where `<id>` is not a node, or a node of its kind never writes "
    "`<key>`.",
    rationale=(
        "Scoped aliases exist only for keys a node actually wrote: a tool has no "
        "`last_response`, a human gate has no `tool_stdout`. A misspelled id or key expands to "
        "an empty string. (dippin reports an unknown id in a prompt as DIP106; dipcheck "
        "reports it here only.)"
    ),
    example="agent Summarize\n  prompt: ${ctx.node.RunTests.last_response}",
    fix="Use an existing node id, and a key that node's handler writes (the message suggests one).",
    formats=("dip", "dot"),
)
def unknown_scoped(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC105")


@rule(
    "DC106",
    "parallel-branch-scope",
    Severity.WARNING,
    summary="A read of `node.<Branch>.*` (never populated), or a branch reading a sibling's "
    "output.",
    rationale=(
        "Parallel branches run inside the parallel handler on copies of the context: they never "
        "get `node.<Branch>.*` aliases, and a branch cannot see what its siblings write. After "
        "the join, results are in `parallel.results` (and the keys the fan_in merged)."
    ),
    example="parallel Fork -> A, B\nagent After\n  prompt: ${ctx.node.A.last_response}",
    fix="Read `parallel.results`, or have each branch write its own key and read it after the "
    "fan_in.",
    formats=("dip", "dot"),
)
def parallel_scope(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC106")


@rule(
    "DC108",
    "branch-write-lost-on-failure",
    Severity.INFO,
    summary="A key read after a fan_in is written by only some branches, and the join "
    "succeeds when one of them fails.",
    rationale=(
        "tracker runs every branch of a parallel block and the fan_in merges the updates of "
        "the successful branches (docs/runtime/parallel.md#fan-in). Under `fan_in_policy: any` "
        "(the "
        "default) or a quorum below the branch count, the join succeeds when a branch "
        "failed, so a key only that branch writes is silently missing afterwards. Off by "
        "default: it also fires on the usual pattern where each branch writes its own key; "
        "select it when every branch's output matters."
    ),
    example=(
        "parallel Fork -> Security, Style\nfan_in Join <- Security, Style\n"
        "agent Merge\n  prompt: ${ctx.security_notes}  # only Security writes it"
    ),
    fix="Set `fan_in_policy: all` (in the parallel node's `params:`) so a failed branch fails "
    "the block, or route on the branch's outcome before reading its key.",
    formats=("dip", "dot"),
    enabled=False,
)
def branch_write_lost(context: Context) -> Iterator[Diagnostic]:
    yield from findings_of(context, "DC108")

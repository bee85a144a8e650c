"""DC101 to DC109: context keys that are read where no node (or not every path) writes them,
and keys a loop iteration reads as the previous iteration left them.

DC101/DC102/DC103/DC105 reproduce tracker's submit-time availability check exactly
(docs/runtime/context.md#the-variable-check): ambient keys and prefixes are never reported,
references that an
opaque node (subgraph, manager_loop) can reach are skipped, producers are ``writes:`` and
``answers_key`` anywhere, reachability is plain (loops and self-reach count), one finding per
(node, key), and an error replaces a warning. DC104 goes further: it asks whether the key is
written on *every* path from the start. DC106 knows that parallel branches run on private
copies of the context. Beyond tracker, a file that runs as a subgraph child does not report
keys its parents may hold when they call it (``rules/boundary.py``).
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property

from dipcheck.analysis import runtime, typed_outputs
from dipcheck.analysis.dataflow import ContextFlow
from dipcheck.analysis.loops import LoopReads
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity
from dipcheck.model import Dialect, Edge, Node, NodeKind, Origin, Reference, RefKind, Workflow
from dipcheck.rules.context import Context
from dipcheck.rules.registry import rule
from dipcheck.source import Span
from dipcheck.suggest import Names, closest


@dataclass(frozen=True, slots=True)
class _Read:
    """A reference with what the checks need to phrase and place a finding."""

    ref: Reference
    key: str
    after: bool
    where: str


class _Reads:
    """The references the availability checks look at, in tracker's order: node attributes
    in declaration order, then edge conditions in edge order."""

    def __init__(self, workflow: Workflow) -> None:
        self.workflow = workflow

    @cached_property
    def _conditions(self) -> dict[str, tuple[list[int], list[Edge]]]:
        """Per source node, the starts of its edges' conditions in text order and the first
        edge (in edge order) of each: a reference is found by bisection, not by a scan of
        every edge (5,000 conditional edges from one node were 25 million checks)."""
        spans: dict[str, dict[tuple[int, int], Edge]] = {}
        for edge in self.workflow.edges:
            condition = edge.condition
            if condition is not None:
                key = (condition.span.start, condition.span.end)
                spans.setdefault(edge.source.value, {}).setdefault(key, edge)
        index: dict[str, tuple[list[int], list[Edge]]] = {}
        for owner, found in spans.items():
            ordered = sorted(found.items(), key=lambda item: item[0])
            index[owner] = ([start for (start, _), _ in ordered], [edge for _, edge in ordered])
        return index

    def _edge(self, ref: Reference) -> Edge | None:
        starts, edges = self._conditions.get(ref.owner, ((), ()))
        offset = ref.span.start
        position = bisect.bisect_right(starts, offset) - 1
        if position >= 0:
            condition = edges[position].condition
            if condition is not None and condition.span.contains(offset):
                return edges[position]
        return None

    def describe(self, ref: Reference) -> str:
        if ref.origin is Origin.READS:
            return "its `reads:` declaration"
        if ref.origin is Origin.CONDITION or ref.attribute == "condition":
            edge = self._edge(ref)
            if edge is not None:
                return f"the condition on edge `{edge.source.value} -> {edge.target.value}`"
            return "an edge condition"
        if ref.origin is Origin.INPUTS:
            return "its `inputs:`"
        return f"its `{ref.attribute}`"

    @cached_property
    def items(self) -> list[_Read]:
        workflow = self.workflow
        order = {node.id: index for index, node in enumerate(workflow.nodes)}
        selected: list[tuple[int, int, int, _Read]] = []
        for ref in workflow.references:
            if workflow.format == "yaml":
                if ref.kind is not RefKind.STEP:
                    continue
                key = ref.key
            elif ref.kind is RefKind.CTX:
                key = ref.key
            elif ref.kind is RefKind.SCOPED and ref.namespace == "ctx":
                key = f"node.{ref.node}.{ref.key}" if ref.key else f"node.{ref.node}"
            else:
                continue
            if ref.attribute == "label" or not key:
                continue
            condition = ref.origin is Origin.CONDITION or ref.attribute == "condition"
            item = _Read(ref, key, after=condition, where=self.describe(ref))
            group = 1 if condition else 0
            selected.append((group, order.get(ref.owner, len(order)), ref.span.start, item))
        selected.sort(key=lambda entry: entry[:3])
        return [entry[3] for entry in selected]


class _Availability:
    """Runs tracker's classification once per workflow and keeps the findings by code."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.workflow = context.workflow
        self.flow = context.flow
        self.reads = _Reads(self.workflow)
        self.typed = typed_outputs.applies(self.workflow)

    @cached_property
    def findings(self) -> list[Diagnostic]:
        chosen: dict[tuple[str, str], Diagnostic] = {}
        order: list[tuple[str, str]] = []
        for item in self.reads.items:
            found = self._classify(item)
            if found is None:
                continue
            slot = (item.ref.owner, item.key)
            previous = chosen.get(slot)
            if previous is None:
                order.append(slot)
                chosen[slot] = found
            elif previous.severity < Severity.ERROR and found.severity is Severity.ERROR:
                chosen[slot] = found
        result = [chosen[slot] for slot in order]
        boundary = self.context.boundary if result else None
        if boundary is not None and boundary.orphan:
            # the key may well come from a parent dipcheck did not find: say so, quietly
            keys = {id(chosen[slot]): slot[1] for slot in order}
            result = [
                replace(
                    item,
                    message=item.message + boundary.orphan_note(written=False),
                    severity=Severity.INFO,
                )
                if item.code in ("DC101", "DC102", "DC103", "DC104")
                and not keys[id(item)].startswith("node.")
                else item
                for item in result
            ]
        return result

    def _classify(self, item: _Read) -> Diagnostic | None:
        ref = item.ref
        key = item.key
        flow = self.flow
        if self.workflow.format == "yaml":
            return self._classify_step(item)
        if ref.kind is RefKind.SCOPED:
            return self._scoped(item)
        if self.typed:
            if typed_outputs.is_ambient(key):
                return None  # DC110 checks failure_reason
        elif runtime.is_ambient(key):
            return None
        if ref.owner in flow.opaque_reach:
            return None
        found = self._classify_key(item)
        if found is not None and self.context.boundary.provides(key):
            return None  # the parent's context holds it when this child runs (§5.7)
        return found

    def _classify_key(self, item: _Read) -> Diagnostic | None:
        flow = self.flow
        key = item.key
        producers = flow.producers.get(key)
        if not producers:
            return self._missing(item)
        sibling = self._sibling_read(item, producers)
        if sibling is not None:
            return sibling
        if not flow.may_reach(key, item.ref.owner, item.after):
            return self._unreachable(item, producers)
        return self._not_every_path(item, producers)

    def _classify_step(self, item: _Read) -> Diagnostic | None:
        producers = self.flow.producers.get(item.key)
        if not producers:
            return None  # a reference to no step: L10/L11 report it
        if item.ref.owner not in self.flow.reachable:
            return None  # the referencing step never runs: DIP004 reports that
        if not self.flow.may_reach(item.key, item.ref.owner, item.after):
            return self._unreachable(item, producers)
        return self._not_every_path(item, producers)

    @cached_property
    def _known_keys(self) -> Names:
        """Did-you-mean candidates for a key: the produced keys, then the ambient ones."""
        return Names([*self.flow.producers, *sorted(runtime.ALWAYS_AVAILABLE)])

    @cached_property
    def _node_names(self) -> Names:
        return Names(sorted(self.workflow.node_map))

    def _did_you_mean(self, key: str) -> str:
        match = closest(key, self._known_keys)
        return f" (did you mean `{match}`?)" if match else ""

    def _missing(self, item: _Read) -> Diagnostic:
        ref = item.ref
        fatal = ref.origin is Origin.READS or (ref.origin is Origin.CONDITION and ref.explicit)
        fatal = fatal or self.typed  # that engine's validator refuses every such read
        code = "DC101" if fatal else "DC102"
        declare = (
            "declare it in an upstream node's `outputs` (or a script's `facts`)"
            if self.typed
            else "declare it in an upstream node's `writes:`"
        )
        if self._in_command(item):
            # Declaring a writer would make tracker refuse the command (§2.1): say so.
            return self.context.finding(
                code,
                ref.span,
                f"`{ref.owner}` reads context key `{item.key}` in {item.where}, but no node in "
                "this workflow writes it, so it expands to an empty string; a node that wrote "
                "it would not help: tracker fails the run when a tool command's "
                f"`{ref.text}` holds a value (only {', '.join(sorted(runtime.TOOL_SAFE_KEYS))} "
                "may be interpolated there). Write the value to a file in an earlier node and "
                "read the file in the command",
            )
        message = (
            f"`{ref.owner}` reads context key `{item.key}` in {item.where}, but no node in "
            f"this workflow writes it{self._did_you_mean(item.key)}: fix the key name, or "
            f"{declare}"
        )
        if not fatal:
            message += " (until then it expands to an empty string)"
        return self.context.finding(code, ref.span, message, fix=self._rename_fix(item))

    def _in_command(self, item: _Read) -> bool:
        """Is the reference a `${ctx.K}` in a tool command, with K outside the safe keys?"""
        ref = item.ref
        node = self.workflow.node(ref.owner)
        return (
            node is not None
            and ref.origin is Origin.INTERP
            and ref.attribute in ("command", "command_file")
            and runtime.handler_of(node, self.workflow) is runtime.Handler.TOOL
            and item.key not in runtime.TOOL_SAFE_KEYS
        )

    def _rename_fix(self, item: _Read) -> Fix | None:
        """The did-you-mean as an (unsafe) edit of the key inside the reference's text."""
        match = closest(item.key, self._known_keys)
        span = item.ref.span
        at = span.text.rfind(item.key)
        if match is None or at < 0:
            return None
        start = span.start + at
        edit = Edit(Span(span.source, start, start + len(item.key)), match)
        return Fix(f"change to `{match}`", (edit,), safe=False)

    def _producer_notes(self, key: str, producers: list[str]) -> tuple[Related, ...]:
        notes: list[Related] = []
        for production in self.flow.productions_by_key.get(key, ()):
            if production.node not in producers:
                continue
            if self.workflow.format == "yaml":
                note = f"step `{production.node}` is declared here"
            else:
                note = f"`{key}` is written by `{production.node}` here"
            notes.append(Related(production.item.span, note))
        return tuple(notes)

    def _unreachable(self, item: _Read, producers: list[str]) -> Diagnostic:
        ref = item.ref
        names = ", ".join(f"`{name}`" for name in sorted(producers))
        if self.workflow.format == "yaml":
            message = (
                f"step `{ref.owner}` references `{item.key}` in {item.where}, but step "
                f"`{producers[0]}` never runs before it on any path, so the engine substitutes "
                f"`_(unavailable: {ref.node or item.key})_`"
            )
        else:
            message = (
                f"`{ref.owner}` reads context key `{item.key}` in {item.where}, but its only "
                f"producer(s) {names} cannot reach it along any edge path — verify the "
                "routing (restarts and resume can still deliver it)"
            )
        return self.context.finding(
            "DC103", ref.span, message, related=self._producer_notes(item.key, producers)
        )

    def _not_every_path(self, item: _Read, producers: list[str]) -> Diagnostic | None:
        flow = self.flow
        ref = item.ref
        if flow.always_available(item.key, ref.owner, item.after):
            return self._lost_on_failure(item, producers)
        witness = flow.witness(item.key, ref.owner, item.after)
        if witness is None:
            return None
        if witness.cleared is not None:
            return self._cleared(item, producers, witness.cleared)
        nodes = self.workflow.node_map
        route = witness.render()
        names = ", ".join(f"`{name}`" for name in producers)
        if self.workflow.format == "yaml":
            step = ref.node or item.key
            message = (
                f"step `{step}` has not always run before `{ref.owner}`: on the path {route} it "
                f"has not run yet, so {item.where} gets `_(unavailable: {step})_` there"
            )
        elif witness.nodes == (ref.owner,):
            message = (
                f"`{ref.owner}` is the start node and reads context key `{item.key}` in "
                f"{item.where} before any node has written it (written only by {names})"
            )
        else:
            when = "when its outgoing conditions are evaluated" if item.after else "when it runs"
            message = (
                f"context key `{item.key}` is not written on every path to `{ref.owner}`: "
                f"along {route} no node writes it, so {item.where} sees an empty value "
                f"{when} (written only by {names})"
            ) + self._nested_note(producers)
        related = []
        for index, step in enumerate(witness.nodes, 1):
            if step not in nodes:
                continue
            reads_here = step == ref.owner and not item.after and index == len(witness.nodes)
            if reads_here:
                note = "reads it"
            elif self.workflow.format == "yaml":
                note = "runs"
            else:
                note = f"does not write `{item.key}`"
            related.append(Related(nodes[step].id_span, f"path: `{step}` {note}"))
        related.extend(self._producer_notes(item.key, producers))
        found = self.context.finding("DC104", ref.span, message, related=tuple(related))
        if self.typed:  # that engine refuses to start a run with such a read (seed 003)
            found = found.with_severity(Severity.ERROR)
        return found

    def _cleared(self, item: _Read, producers: list[str], step: tuple[str, str]) -> Diagnostic:
        """DC104 for a key that a clearing `loop_restart` removes (typed-outputs dialect)."""
        ref = item.ref
        source, target = step
        edge = next((e for e in self.workflow.edges_from(source) if e.target.value == target), None)
        related = [Related(edge.span, "clears the iteration context")] if edge else []
        related.extend(self._producer_notes(item.key, producers))
        return self.context.finding(
            "DC104",
            ref.span,
            f"context key `{item.key}` is gone when `{ref.owner}` reads it after the restart "
            f"`{source} -> {target}`: `loop_restart=true` clears the iteration context and "
            f"keeps only the declared inputs, so {item.where} sees an empty value (written "
            f"only by {', '.join(f'`{name}`' for name in producers)}, before the restart)",
            related=tuple(related),
        ).with_severity(Severity.ERROR)

    def _nested_note(self, producers: list[str]) -> str:
        """Why the writes of a branch of a nested parallel block never arrive."""
        branch_of = self.flow.branch_of
        for producer in producers:
            inner = branch_of.get(producer)
            if inner is not None and inner in branch_of:
                return (
                    f"; `{producer}` is a branch of `{inner}`, which itself runs as a branch of "
                    f"`{branch_of[inner]}`: a nested parallel node returns none of its "
                    "branches' writes to the outer join"
                )
        return ""

    def _lost_on_failure(self, item: _Read, producers: list[str]) -> Diagnostic | None:
        flow = self.flow
        ref = item.ref
        if flow.survives_branch_failure(item.key, ref.owner, item.after):
            return None
        blocks = flow.losing_blocks(item.key, ref.owner)
        if not blocks:
            return None
        block = blocks[0]
        writers = [b for b in block.branches if b in producers or b in flow.opaque]
        names = ", ".join(f"`{name}`" for name in writers)
        policy = (
            "the default `fan_in_policy` (any)"
            if block.policy == "any"
            else f"`fan_in_policy` {block.policy}"
        )
        nodes = self.workflow.node_map
        related = [Related(nodes[block.parallel].id_span, f"parallel `{block.parallel}`")]
        related.extend(self._producer_notes(item.key, writers))
        return self.context.finding(
            "DC108",
            ref.span,
            f"`{ref.owner}` reads `{item.key}`, which only branch(es) {names} of parallel "
            f"`{block.parallel}` write: under {policy} the join `{block.join}` still succeeds "
            f"when {'that branch fails' if len(writers) == 1 else 'those branches fail'}, "
            "and the key is then missing",
            related=tuple(related),
        )

    def _scoped(self, item: _Read) -> Diagnostic | None:
        ref = item.ref
        node_id = ref.node or ""
        if not node_id or not ref.key:
            return None
        nodes = self.workflow.node_map
        target = nodes.get(node_id)
        span = ref.node_span or ref.span
        if target is None:
            match = closest(node_id, self._node_names)
            hint = f" (did you mean `{match}`?)" if match else ""
            return self.context.finding(
                "DC105",
                span,
                f"`{ref.owner}` references scoped context key `node.{node_id}.{ref.key}` in "
                f"{item.where}, but `{node_id}` is not a node in this workflow{hint}",
            )
        parallel = self.flow.branch_of.get(node_id)
        if parallel is not None:
            return self.context.finding(
                "DC106",
                ref.span,
                f"`node.{node_id}.{ref.key}` is never set: `{node_id}` runs as a branch of "
                f"parallel `{parallel}`, and branches get no `node.<id>.*` aliases — read "
                "`parallel.results`, or have the branch write a key that the fan_in merges",
            )
        declared = self.flow.keys_by_node.get(node_id, frozenset())
        possible = runtime.possible_keys(target, self.workflow, declared)
        if possible is not None and ref.key not in possible:
            handler = runtime.handler_of(target, self.workflow).value
            article = "an" if target.kind.value[0] in "aeiou" else "a"
            return self.context.finding(
                "DC105",
                ref.span,
                f"`{node_id}` is {article} {target.kind.value} node (handler `{handler}`) and "
                f"never writes `{ref.key}`, so `node.{node_id}.{ref.key}` is always empty"
                + self._possible_hint(ref.key, possible),
            )
        return None

    @staticmethod
    def _possible_hint(key: str, possible: frozenset[str]) -> str:
        match = closest(key, sorted(possible))
        return f" (did you mean `{match}`?)" if match else ""

    def _sibling_read(self, item: _Read, producers: list[str]) -> Diagnostic | None:
        branch_of = self.flow.branch_of
        ref = item.ref
        parallel = branch_of.get(ref.owner)
        if parallel is None:
            return None
        siblings = [
            node for node in producers if branch_of.get(node) == parallel and node != ref.owner
        ]
        if not siblings or len(siblings) != len(producers):
            return None
        names = ", ".join(f"`{name}`" for name in siblings)
        return self.context.finding(
            "DC106",
            ref.span,
            f"branch `{ref.owner}` of parallel `{parallel}` reads `{item.key}`, which only its "
            f"sibling branch(es) {names} write; branches run on separate copies of the "
            "context and never see each other's writes",
            related=self._producer_notes(item.key, siblings),
        )


def _findings(context: Context, code: str) -> Iterator[Diagnostic]:
    analysis = context.shared("availability", lambda: _Availability(context))
    for item in analysis.findings:
        if item.code == code:
            yield item


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
    yield from _findings(context, "DC101")


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
    yield from _findings(context, "DC102")


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
    yield from _findings(context, "DC103")


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
    yield from _findings(context, "DC104")


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
    yield from _findings(context, "DC105")


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
    yield from _findings(context, "DC106")


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
    yield from _findings(context, "DC108")


class _HumanResponse:
    """Where the one-shot `human_response` is still set
    (docs/runtime/context.md#human_response-is-one-shot).

    A human gate sets it; the first agent that runs afterwards (or a parallel block with an
    agent branch) clears it. Subgraphs and manager loops merge a child context that may set
    it, so they count as setting it. The state space is (node, set-or-cleared): a path that
    reaches a reader with the key cleared is found by a breadth-first search over it."""

    def __init__(self, workflow: Workflow, flow: ContextFlow) -> None:
        self.workflow = workflow
        self.flow = flow

    def effect(self, node_id: str, fresh: bool) -> bool:
        node = self.workflow.node_map[node_id]
        handler = runtime.handler_of(node, self.workflow)
        if handler in (runtime.Handler.HUMAN, *runtime.OPAQUE_HANDLERS):
            return True
        if handler is runtime.Handler.CODERGEN:
            return False
        if handler is runtime.Handler.PARALLEL:
            return fresh and not self.agent_branches(node)
        return fresh

    def agent_branches(self, node: Node) -> list[str]:
        nodes = self.workflow.node_map
        return [
            member.value
            for member in node.members
            if member.value in nodes
            and runtime.handler_of(nodes[member.value], self.workflow) is runtime.Handler.CODERGEN
        ]

    def describe_clearer(self, node_id: str) -> str:
        """What clears the response, for a message: "`Explore` runs", or "parallel `Fork`
        runs agent branch `Scan`"."""
        node = self.workflow.node_map[node_id]
        if node.kind is NodeKind.PARALLEL:
            names = ", ".join(f"`{name}`" for name in self.agent_branches(node))
            return f"parallel `{node_id}` runs agent branch {names}"
        return f"`{node_id}` runs"

    def stale_path(self, reader: str, after: bool) -> list[str] | None:
        """A path from the start on which `human_response` is cleared (or never set) when
        ``reader`` reads it (``after``: in a condition, once ``reader`` has run); None when
        it is set on every path."""
        start = self.flow.start
        if start is None:
            return None
        if reader == start and not after:
            return [reader]  # nothing has run before the start node
        first = (start, self.effect(start, False))
        parents: dict[tuple[str, bool], tuple[str, bool] | None] = {first: None}
        queue = deque([first])
        successors = self.flow.successors
        while queue:
            state = queue.popleft()
            node, fresh = state
            if after and node == reader and not fresh:
                return self._path(parents, state)
            for target in successors[node]:
                if not after and target == reader and not fresh:
                    return [*self._path(parents, state), target]
                following = (target, self.effect(target, fresh))
                if following not in parents:
                    parents[following] = state
                    queue.append(following)
        return None

    @staticmethod
    def _path(
        parents: dict[tuple[str, bool], tuple[str, bool] | None], state: tuple[str, bool]
    ) -> list[str]:
        path: list[str] = []
        cursor: tuple[str, bool] | None = state
        while cursor is not None:
            path.append(cursor[0])
            cursor = parents[cursor]
        return list(reversed(path))


@rule(
    "DC107",
    "stale-human-response",
    Severity.WARNING,
    summary="`${ctx.human_response}` read where the one-shot human response is already cleared.",
    rationale=(
        "tracker clears `human_response` as soon as the first agent after a human gate has "
        "run (#352). A second agent that reads `${ctx.human_response}` gets an empty string — "
        "the user's request silently disappears from its prompt. The scoped alias "
        "`${ctx.node.<Gate>.human_response}` keeps the answer for the rest of the run."
    ),
    example=(
        "human Ask\n  mode: freeform\nagent Explore\n  prompt: Explore ${ctx.human_response}\n"
        "agent Spec\n  prompt: Specify ${ctx.human_response}"
    ),
    fix="Read `${ctx.node.<Gate>.human_response}` (offered as a fix when one gate precedes the "
    "reader).",
    formats=("dip", "dot"),
    fix_availability="sometimes",
)
def stale_human_response(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    flow = context.flow
    analysis = _HumanResponse(workflow, flow)
    gates = [
        node.id
        for node in workflow.nodes
        if runtime.handler_of(node, workflow) is runtime.Handler.HUMAN
    ]
    for ref in workflow.references:
        if ref.kind is not RefKind.CTX or ref.key != "human_response":
            continue
        if ref.attribute == "label" or ref.owner not in workflow.node_map:
            continue
        after = ref.origin is Origin.CONDITION or ref.attribute == "condition"
        if ref.owner not in flow.reachable:
            continue
        path = analysis.stale_path(ref.owner, after)
        if path is None:
            continue
        before = [step for step in path if step in gates]
        reaching = flow.reaching(ref.owner)
        preceding = [
            gate
            for gate in gates
            if gate in flow.reachable and gate in reaching and gate != ref.owner
        ]
        route = " → ".join(path)
        if before:
            gate = before[-1]
            cleared = [
                step
                for step in path[path.index(gate) + 1 :]
                if step != ref.owner and not analysis.effect(step, True)
            ]
            who = analysis.describe_clearer(cleared[0]) if cleared else "an agent"
            why = (
                f"along {route}, {who} after gate `{gate}` and the runtime then clears "
                "the one-shot human_response"
            )
        elif len(path) == 1:
            why = "it is the start node, so no human gate has run yet"
        else:
            why = f"along {route} no human gate has run yet"
        fix = None
        if len(preceding) == 1:
            replacement = f"${{ctx.node.{preceding[0]}.human_response}}"
            fix = Fix(f"read `{replacement}` instead", (Edit(ref.span, replacement),), safe=False)
        yield context.finding(
            "DC107",
            ref.span,
            f"`{ref.text}` can be empty when `{ref.owner}` reads it: {why}"
            + (
                f"; read `${{ctx.node.{preceding[0]}.human_response}}`"
                if len(preceding) == 1
                else ""
            ),
            fix=fix,
        )


@rule(
    "DC109",
    "stale-loop-key",
    Severity.WARNING,
    summary="A condition reads a key that one way around a loop leaves over from the previous "
    "iteration.",
    rationale=(
        "A loop restart clears completion and retry counts, never the context "
        "(docs/runtime/failures.md#loop-restarts), and only `outcome`, `preferred_label` and "
        "`suggested_next_nodes` are reset before a node runs "
        "(docs/runtime/edge-selection.md#the-main-loop). A node on the loop "
        "writes the key each time round, so the condition expects this iteration's value; "
        "but along another way around the loop no node writes it (a tool's `tool_stdout`, "
        "a `writes:` key, `human_response`, `node.X.*`), and there the condition routes on "
        "the previous iteration's value — typically taking the same branch again and again "
        "until the restart budget runs out. Keys written only before the loop are not "
        "reported: those keep their value on purpose. A warning: the run goes on, down a "
        "branch the author did not mean for this iteration."
    ),
    example=(
        "tool Test\n  command: make test\nagent Judge\n  prompt: Judge the work.\n"
        "edges\n  Test -> Judge\n  Judge -> Fix when ctx.tool_stdout contains FAIL\n"
        "  Judge -> Done\n  Fix -> Test\n  Fix -> Judge when ctx.outcome = fail\n"
        "# Fix -> Judge comes back without running Test: Judge reads the old test output"
    ),
    fix="Route the loop through a node that writes the key again (or resets it), or route "
    "on a key every iteration writes (for a marker an agent sets only on some runs, put an "
    "edge on `ctx.outcome` before the one that reads it).",
    formats=("dip", "dot"),
)
def stale_loop_key(context: Context) -> Iterator[Diagnostic]:
    workflow = context.workflow
    if workflow.dialect is not Dialect.TRACKER or typed_outputs.applies(workflow):
        return  # other runtimes clear or scope their loop context differently
    nodes = workflow.node_map
    for item in LoopReads(workflow, context.flow).findings:
        reader, key = item.ref.owner, item.key
        route = " → ".join(item.loop)
        # the writers worth naming: the reader itself first, then the others (at most three)
        writers = sorted(item.writers, key=lambda name: name != reader)
        shown = ", ".join(f"`{name}`" for name in writers[:3])
        if len(writers) > 3:
            shown += f" and {len(writers) - 3} more"
        related = [
            Related(nodes[step].id_span, f"loop: `{step}` does not rewrite `{key}`")
            for step in dict.fromkeys(item.loop[1:-1])
            if step in nodes
        ]
        for name in writers[:3]:
            sticky = name in item.sometimes
            note = f"writes `{key}` only {_when(key)}" if sticky else f"writes `{key}`"
            related.append(Related(nodes[name].id_span, note))
        if len(item.sometimes) == len(item.writers):  # nothing on the loop writes it each time
            why = (
                f"which {shown} write{'s' if len(writers) == 1 else ''} only {_when(key)}, "
                "leaving the previous value otherwise (pipeline/handlers/codergen.go); nothing "
                f"on the loop {route} resets it, so an iteration that does not write it routes "
                "on the value an earlier one left"
            )
        else:
            why = (
                f"which {shown} write{'s' if len(writers) == 1 else ''} inside the loop, but "
                f"the loop {route} runs `{reader}` again without rewriting it, so that "
                "iteration routes on the previous one's value"
            )
        yield context.finding(
            "DC109",
            item.ref.span,
            f"the condition on `{reader} -> {item.edge.target.value}` reads `{key}`, {why} "
            "(a restart keeps the context, docs/runtime/failures.md#loop-restarts)",
            related=tuple(related),
        )


def _when(key: str) -> str:
    from dipcheck.analysis.loops import WHEN_WRITTEN

    return WHEN_WRITTEN.get(key.rsplit(".", 1)[-1], "on some runs")

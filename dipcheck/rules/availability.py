"""The classification behind DC101 to DC106 and DC108: every context read of a workflow
(``analysis/context_reads.py``) is classified once, as tracker's submit-time availability check
does (docs/runtime/context.md#the-variable-check), and the findings are kept by code for the
rules of ``rules/dataflow.py`` to hand out.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property, partial

from dipcheck.analysis import runtime, typed_outputs
from dipcheck.analysis.context_reads import ContextReads, Read
from dipcheck.analysis.dataflow import ParallelBlock, Production
from dipcheck.analysis.keyflow import KeyFlow
from dipcheck.diagnostics import Diagnostic, Edit, Fix, Related, Severity, insert_note
from dipcheck.model import Node, Origin, RefKind
from dipcheck.records import record, replace
from dipcheck.rules.context import Context
from dipcheck.rules.registry import severity_of
from dipcheck.source import Span
from dipcheck.suggest import Names, closest


class Availability:
    """Runs tracker's classification once per workflow and keeps the findings by code."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.workflow = context.workflow
        self.flow = context.flow
        self.typed = typed_outputs.applies(self.workflow)
        self._branch_orders: dict[str, tuple[dict[str, int], tuple[str, ...]]] = {}
        self._keys: KeyFlow  # (while the findings are made)

    @cached_property
    def findings(self) -> list[Diagnostic]:
        chosen: dict[tuple[str, str], Diagnostic] = {}
        order: list[tuple[str, str]] = []
        # a read like one of its slot already classified (only its place differs: a field
        # holding `${ctx.x}` 40,000 times) gets the same answer, and is not kept; what makes
        # reads alike is worked out only for a slot read more than once
        first: dict[tuple[str, str], Read | None] = {}
        classified: set[tuple[object, ...]] = set()
        # (reads of ambient keys have nothing to classify: left out before they are described)
        ambient = typed_outputs.is_ambient if self.typed else runtime.is_ambient
        reads = ContextReads(self.workflow, ambient).items
        # (per-key answers: the flow's bit tables over every key cost more than the reads)
        self._keys = KeyFlow(self.flow)
        reaches = self._keys.reaches_each((item.key, item.ref.owner, item.after) for item in reads)
        for item, reached in zip(reads, reaches, strict=True):
            slot = (item.ref.owner, item.key)
            previous = chosen.get(slot)
            if previous is not None and previous.severity is Severity.ERROR:
                continue  # (nothing replaces an error)
            if slot not in first:
                first[slot] = item
            else:
                earlier = first[slot]
                if earlier is not None:
                    classified.add(_alike(slot, earlier))
                    first[slot] = None
                alike = _alike(slot, item)
                if alike in classified:
                    continue
                classified.add(alike)
            found = self._classify(item, reached)
            if found is None:
                continue
            if previous is None:
                order.append(slot)
                chosen[slot] = found
            elif previous.severity < Severity.ERROR and found.severity is Severity.ERROR:
                chosen[slot] = found
        # (the reads and the flow's key-set tables are done with: kept to the end of the
        # lint they were a third of its peak memory; a later question rebuilds a table)
        self.flow.release()
        del self._keys
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

    def _classify(self, item: Read, reached: bool) -> Diagnostic | None:
        """``reached``: some producer of the key reaches the reader (:meth:`may_reach`).
        (Reads of ambient `ctx` keys are not among them: typed outputs, DC110 checks
        failure_reason.)"""
        ref = item.ref
        key = item.key
        flow = self.flow
        if self.workflow.format == "yaml":
            return self._classify_step(item, reached)
        if ref.kind is RefKind.SCOPED:
            return self._scoped(item)
        if ref.owner in flow.opaque_reach:
            return None
        found = self._classify_key(item, reached)
        if found is not None and self.context.boundary.provides(key):
            return None  # the parent's context holds it when this child runs (§5.7)
        return found

    def _classify_key(self, item: Read, reached: bool) -> Diagnostic | None:
        flow = self.flow
        key = item.key
        producers = flow.producers.get(key)
        if not producers:
            return self._missing(item)
        sibling = self._sibling_read(item, producers)
        if sibling is not None:
            return sibling
        if not reached:
            return self._unreachable(item, producers)
        return self._not_every_path(item, producers)

    def _classify_step(self, item: Read, reached: bool) -> Diagnostic | None:
        producers = self.flow.producers.get(item.key)
        if not producers:
            return None  # a reference to no step: L10/L11 report it
        if item.ref.owner not in self.flow.reachable:
            return None  # the referencing step never runs: DIP004 reports that
        if not reached:
            return self._unreachable(item, producers)
        return self._not_every_path(item, producers)

    @cached_property
    def _known_keys(self) -> Names:
        """Did-you-mean candidates for a key: the produced keys, then the ambient ones."""
        return Names([*self.flow.producers, *sorted(runtime.ALWAYS_AVAILABLE)])

    @cached_property
    def _node_names(self) -> Names:
        return Names(sorted(self.workflow.node_map))

    def _missing(self, item: Read) -> Diagnostic:
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
            f"this workflow writes it"
        )
        at = len(message)  # the did-you-mean goes here, once the finding is sure to be shown
        message += f": fix the key name, or {declare}"
        if not fatal:
            message += " (until then it expands to an empty string)"
        found = self.context.finding(code, ref.span, message)
        # (a partial of a plain function: a method would keep this analysis, and the
        # workflow it holds, in a reference cycle with its own findings)
        return replace(found, later=partial(_suggested, self._known_keys, item, at))

    def _in_command(self, item: Read) -> bool:
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

    def _producer_notes(self, key: str, producers: list[str]) -> tuple[Related, ...]:
        productions = self.flow.productions_by_key.get(key, [])
        return _producer_notes(productions, key, producers, self.workflow.format == "yaml")

    def _unreachable(self, item: Read, producers: list[str]) -> Diagnostic:
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
        help_text = self.context.for_steps(
            "Route the referenced step before this one, or move the reference to a step "
            "that runs after it."
        )
        return self.context.finding(
            "DC103",
            ref.span,
            message,
            related=self._producer_notes(item.key, producers),
            help=help_text,
        )

    def _not_every_path(self, item: Read, producers: list[str]) -> Diagnostic | None:
        keys = self._keys
        ref = item.ref
        if keys.always(item.key, ref.owner, item.after):
            return self._lost_on_failure(item, producers)
        witness = keys.witness(item.key, ref.owner, item.after)
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
        severity, help_text = self._dc104
        # the notes along the path (and the producers') are made only for a finding that is
        # shown: a chain whose every read is a DC104 held 9,000 findings past the limit, 11
        # notes each (12 MB)
        path = _PathNotes(
            witness.nodes,
            nodes,
            item.key,
            None if item.after else ref.owner,
            self.workflow.format == "yaml",
            self.flow.productions_by_key.get(item.key, []),
            producers,
        )
        return Diagnostic("DC104", severity, message, ref.span, help=help_text, later=path.add)

    @cached_property
    def _dc104(self) -> tuple[Severity, str | None]:
        """A DC104's severity and help, the same for each (one per read of a chain)."""
        help_text = self.context.for_steps(
            "Route every path to this step through the referenced one, or move the reference "
            "to a step that always runs after it."
        )
        # (typed outputs: that engine refuses to start a run with such a read, seed 003)
        return Severity.ERROR if self.typed else severity_of("DC104"), help_text

    def _cleared(self, item: Read, producers: list[str], step: tuple[str, str]) -> Diagnostic:
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
        if not branch_of:
            return ""
        for producer in producers:
            inner = branch_of.get(producer)
            if inner is not None and inner in branch_of:
                return (
                    f"; `{producer}` is a branch of `{inner}`, which itself runs as a branch of "
                    f"`{branch_of[inner]}`: a nested parallel node returns none of its "
                    "branches' writes to the outer join"
                )
        return ""

    def _lost_on_failure(self, item: Read, producers: list[str]) -> Diagnostic | None:
        flow = self.flow
        ref = item.ref
        if not self._lossy:
            return None  # (no block loses a failed branch's writes: no key goes missing)
        if self._keys.survives(item.key, ref.owner, item.after):
            return None
        blocks = flow.losing_blocks(item.key, ref.owner)
        if not blocks:
            return None
        block = blocks[0]
        position, opaque = self._branch_order(block)
        # (from the few producers, not the branches: a block of 5,000 branches read 5,000
        # times was 25 million membership tests)
        found = {name for name in producers if name in position}.union(opaque)
        writers = sorted(found, key=position.__getitem__)
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

    @cached_property
    def _lossy(self) -> bool:
        """Is some parallel block's join able to succeed with a failed branch?"""
        return any(block.lossy for block in self.flow.blocks)

    def _branch_order(self, block: ParallelBlock) -> tuple[dict[str, int], tuple[str, ...]]:
        """Each branch of ``block`` by its place in the block, and the opaque ones (they may
        write anything), worked out once per block."""
        memo = self._branch_orders.get(block.parallel)
        if memo is None:
            position = {name: index for index, name in enumerate(block.branches)}
            opaque = tuple(name for name in block.branches if name in self.flow.opaque)
            memo = self._branch_orders[block.parallel] = (position, opaque)
        return memo

    def _scoped(self, item: Read) -> Diagnostic | None:
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

    def _sibling_read(self, item: Read, producers: list[str]) -> Diagnostic | None:
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


def _alike(slot: tuple[str, str], item: Read) -> tuple[object, ...]:
    """What a read's classification depends on: its slot and all but its place."""
    ref = item.ref
    alike = (slot, ref.kind, ref.key, ref.node, ref.attribute, ref.origin, ref.explicit)
    return (*alike, ref.namespace, ref.text, item.after, item.where)


@record(frozen=True, slots=True)
class _PathNotes:
    """A DC104's related notes: each node of the path, then the producers. ``reader`` is the
    reading node when the read happens as it runs (the path's last node then "reads it").
    (A record of its own, not a method of the analysis: that would keep the analysis, and
    the workflow it holds, in a reference cycle with its own findings.)"""

    steps: tuple[str, ...]
    nodes: dict[str, Node]
    key: str
    reader: str | None
    steps_run: bool
    productions: list[Production]
    producers: list[str]

    def add(self, finding: Diagnostic) -> Diagnostic:
        related = []
        for index, step in enumerate(self.steps, 1):
            node = self.nodes.get(step)
            if node is None:
                continue
            if step == self.reader and index == len(self.steps):
                note = "reads it"
            elif self.steps_run:
                note = "runs"
            else:
                note = f"does not write `{self.key}`"
            related.append(Related(node.id_span, f"path: `{step}` {note}"))
        related.extend(_producer_notes(self.productions, self.key, self.producers, self.steps_run))
        return replace(finding, related=tuple(related), later=None)


def _producer_notes(
    productions: list[Production], key: str, producers: list[str], steps: bool
) -> tuple[Related, ...]:
    """Where the ``producers`` write ``key``, from the key's ``productions``; ``steps``: in
    a step workflow (the step is declared there)."""
    notes: list[Related] = []
    for production in productions:
        if production.node not in producers:
            continue
        if steps:
            note = f"step `{production.node}` is declared here"
        else:
            note = f"`{key}` is written by `{production.node}` here"
        notes.append(Related(production.item.span, note))
    return tuple(notes)


def _suggested(known: Names, item: Read, at: int, finding: Diagnostic) -> Diagnostic:
    """``finding`` (of a key nobody writes) with its did-you-mean at ``at`` of its message
    and the rename as its fix, when one of the ``known`` keys is near: searched only for the
    findings shown (a workflow reading 5,000 unknown keys among 10,000 known ones spent a
    second on the 4,000 past the limit)."""
    match = closest(item.key, known)
    if match is None:
        return replace(finding, later=None)
    return insert_note(finding, at, f" (did you mean `{match}`?)", _rename_fix(known, item))


def _rename_fix(known: Names, item: Read) -> Fix | None:
    """The did-you-mean as an (unsafe) edit of the key inside the reference's text."""
    match = closest(item.key, known)
    span = item.ref.span
    at = span.text.rfind(item.key)
    if match is None or at < 0:
        return None
    start = span.start + at
    edit = Edit(Span(span.source, start, start + len(item.key)), match)
    return Fix(f"change to `{match}`", (edit,), safe=False)


def findings_of(context: Context, code: str) -> Iterator[Diagnostic]:
    analysis = context.shared("availability", lambda: Availability(context))
    for item in analysis.findings:
        if item.code == code:
            yield item

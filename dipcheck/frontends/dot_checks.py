"""What the DOT loader reports about attributes and values: unknown attributes (DC004, with a
"did you mean"), values the runtime rejects or drops (DC005), typed-outputs declarations, the
stylesheet, and the constructs the Attractor specification refuses (DC011).

The DOT runtimes keep an attribute they do not know and ignore it (tracker's
``pipeline/parser.go`` copies every attribute into the node's map; the Attractor engines do the
same, other-formats.md §2), so the file still runs: an unknown attribute is a warning here,
never an error, and the exporters' own metadata (``node_type``, ``is_codergen``) is quiet.

:class:`Checks` is the base of the DOT lowering (``frontends/dot_walk.py``, which supplies the
source, the lexed strings, the dialect and the attribute tables, and ``frontends/dot.py``).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from dipcheck import integers
from dipcheck.diagnostics import (
    CodeLimit,
    Diagnostic,
    Edit,
    Fix,
    Related,
    Severity,
    loading_finding,
)
from dipcheck.frontends import dot_schema as schema
from dipcheck.frontends import stylesheet
from dipcheck.frontends.dip_schema import ValueType, byte_size, check_value, go_duration
from dipcheck.frontends.dot_lexer import LexResult
from dipcheck.lalr import Token
from dipcheck.model import Field, Name, Text
from dipcheck.records import field, record
from dipcheck.source import SourceText, Span, new_span
from dipcheck.suggest import closest, suggestion_fix

# the characters after a `$` kept to tell whether a `$key` follows it (VariableUses)
_RUN = 72

# attributes whose values tracker checks (``""``: by their type; otherwise the allowed words)
_CHECKED = {
    "max_retries": "",
    "context_compaction_threshold": "",
    "weight": "",
    "cache_tool_results": "true|false",
    "context_compaction": "auto|none",
}


def _positive_duration(text: str) -> str | None:
    seconds = go_duration(text)
    if seconds is None:
        return f"invalid duration {text!r} (Go durations need a unit: 30s, 5m, 1h30m)"
    if seconds <= 0:
        return f"{text!r} is not a positive duration"
    return None


def _optional(check: Callable[[str], str | None]) -> Callable[[str], str | None]:
    """An attribute the handler treats as unset when it is empty."""
    return lambda text: None if text == "" else check(text)


def _positive_integer(text: str) -> str | None:
    number = integers.parse(text) if re.fullmatch(r"[+-]?[0-9]+", text) else None
    if number is None:  # (past 64 bits too: Go's strconv.Atoi refuses it)
        return f"invalid integer {text!r}"
    return None if number > 0 else f"{text} is not a positive integer"


def _positive_size(text: str) -> str | None:
    size = byte_size(text)
    if size is None:
        return f"invalid size {text!r} (bytes, or a number with KB or MB)"
    return None if size > 0 else f"{text!r} is not a positive size"


# handler -> attribute -> why its value is refused (None: accepted). A tool's `timeout` is
# parsed whenever the attribute is present, even empty; the others only when non-empty.
_HANDLER_VALUES: dict[str, dict[str, Callable[[str], str | None]]] = {
    "tool": {"timeout": _positive_duration, "output_limit": _optional(_positive_size)},
    "stack.manager_loop": {
        "poll_interval": _optional(_positive_duration),
        "max_cycles": _optional(_positive_integer),
    },
}


@record(frozen=True, slots=True)
class Attr:
    """One ``key=value`` as written (``inherited``: it came from a ``node``/``edge`` default)."""

    key: str
    key_span: Span
    value: Text
    value_span: Span
    quoted: bool
    token_type: str
    inherited: bool = False

    @property
    def span(self) -> Span:
        # (Span.cover written out, made with new_span: a span for each field of each node)
        key, value = self.key_span, self.value_span
        start = key.start if key.start <= value.start else value.start
        return new_span(Span, (key.source, start, key.end if key.end >= value.end else value.end))

    @property
    def inner_span(self) -> Span:
        """The value without its quotes (one quoted string; otherwise the value as written),
        so that an edit of the value keeps it a DOT string: `llm_model="gpt-5.4"` must not
        become the bare, unparsable `gpt-5.4`."""
        span = self.value_span
        if self.token_type == "STRING":
            # most values hold no `"` between their quotes: that is found without copying the
            # value (a prompt of thousands of characters) twice, as the test below does
            whole = span.source.text
            start, end = span.start, span.end
            inside = whole.find('"', start + 1, end - 1) == -1
            if inside and end - start >= 2 and whole[start] == whole[end - 1] == '"':
                return new_span(Span, (span.source, start + 1, end - 1))
        text = span.text
        quoted = self.token_type == "STRING" and len(text) >= 2 and text[0] == text[-1] == '"'
        if quoted and '"' not in text[1:-1].replace('\\"', ""):  # not "a" + "b"
            return Span(span.source, span.start + 1, span.end - 1)
        return span

    def as_field(self, name: str) -> Field:
        return Field(
            key=name,
            key_span=self.key_span,
            value=self.value,
            value_span=self.inner_span,
            span=self.span,
            quoted=self.quoted,
        )


@record
class NodeBuild:
    id: str
    id_span: Span
    span: Span
    attrs: list[Attr] = field(default_factory=list)
    declared: bool = False
    classes: list[Attr] = field(default_factory=list)


def _rename(entry: Attr, name: str) -> Fix:
    """Rename the attribute (unsafe: the value then takes effect)."""
    return Fix(f"rename `{entry.key}` to `{name}`", (Edit(entry.key_span, name),), False)


def last_values(attrs: list[Attr]) -> dict[str, Attr]:
    """The effective attributes: the last value of each key wins, in first-seen order."""
    result: dict[str, Attr] = {}
    for entry in attrs:
        result.pop(entry.key, None)
        result[entry.key] = entry
    return result


class VariableUses:
    """The text after each ``$`` in a DOT file's strings (at most :data:`_RUN` characters of
    it), sorted, so that asking whether ``$key`` or ``${graph.key}`` occurs does not read every
    string again (a thousand misspelt graph attributes in a file of 60,000 strings took
    minutes): it occurs exactly when the needle after the ``$`` starts one of these texts."""

    def __init__(self, lexed: LexResult) -> None:
        self.values = [quoted.text.value for quoted in lexed.strings.values()]
        after: set[str] = set()
        for value in self.values:
            found = value.find("$")
            while found != -1:
                after.add(value[found + 1 : found + 1 + _RUN])
                found = value.find("$", found + 1)
        self.after = sorted(after)

    def holds(self, key: str) -> bool:
        return self._follows(key) or self._follows(f"{{graph.{key}}}")

    def _follows(self, needle: str) -> bool:
        """Whether ``$`` followed by ``needle`` occurs in a string."""
        if len(needle) > _RUN:  # longer than what is kept: read the strings
            return any(f"${needle}" in value for value in self.values)
        index = bisect_left(self.after, needle)
        return index < len(self.after) and self.after[index].startswith(needle)


class Checks:
    """Checks of the lowering; the attributes below are set by ``frontends/dot_walk.py``."""

    source: SourceText
    lexed: LexResult
    typed: bool
    family: bool
    diagnostics: list[Diagnostic]
    limit: CodeLimit
    node_table: dict[str, schema.Attribute]
    graph_table: dict[str, schema.Attribute]
    reported_values: set[int]

    def span(self, token: Token) -> Span:
        return new_span(Span, (self.source, token.start_pos or 0, token.end_pos or 0))

    def report(
        self, code: str, span: Span, message: str, severity: Severity | None = None, **extra: object
    ) -> None:
        if not self.limit.admit(code):
            return
        found = loading_finding(code, span, message, **extra)  # type: ignore[arg-type]
        if severity is None and code == "DC004":
            severity = Severity.WARNING  # the runtime ignores the attribute; the file runs
        self.diagnostics.append(found if severity is None else found.with_severity(severity))

    def list_separator(self, token: Token, closing: bool) -> None:
        """A ``,`` or ``;`` after an attribute in ``[…]`` (``closing``: right before the
        ``]``). gographviz's attribute list takes a ``,`` between two attributes only
        (dot.bnf ``AList : Attr | AList Attr | AList "," Attr``): a ``;`` there, or a
        ``,`` before the ``]``, is a parse error and tracker loads nothing. Graphviz and the
        Attractor family read both."""
        if self.family or (token.type == "COMMA" and not closing):
            return
        written = str(token)
        replacement = "" if closing else ","
        self.report(
            "DC001",
            self.span(token),
            f"`{written}` {'before the `]`' if closing else 'between attributes'}: tracker's "
            "DOT parser (gographviz) takes only `,` between two attributes in `[…]`, so the "
            "file fails to load (`DOT parse error`) — "
            + (f"remove the `{written}`" if closing else "write `,`"),
            fix=Fix(
                f"remove `{written}`" if closing else f"replace `{written}` with `,`",
                (Edit(self.span(token), replacement),),
            ),
        )

    def attractor_header(self, tokens: list[Token]) -> None:
        """The Attractor specification reads one strict-free `digraph` (§2.1)."""
        for token in tokens:
            if token.type == "STRICT":
                self.refused(self.span(token), "`strict` graphs", "remove `strict`", "")
            elif token.type == "GRAPH":
                self.refused(self.span(token), "undirected graphs", "write `digraph`", "digraph")

    def refused(self, span: Span, what: str, action: str, replacement: str | None) -> None:
        fix = None
        if replacement is not None:
            fix = Fix(action, (Edit(span, replacement),))
        self.report(
            "DC011",
            span,
            f"the Attractor specification refuses {what} (a pipeline is one `digraph`): {action}",
            fix=fix,
        )

    def check_attrs(
        self,
        attrs: list[Attr],
        table: dict[str, schema.Attribute],
        where: str,
        edge: bool = False,
    ) -> None:
        for entry in attrs:
            if entry.key.startswith('"'):
                continue  # a quoted name tracker never reads: reported once, as DC011
            spec = table.get(entry.key)
            if spec is None:
                self.unknown_attr(entry, table, where, edge)
                continue
            self.check_typed(entry, spec.type)

    def unknown_attr(
        self, entry: Attr, table: dict[str, schema.Attribute], where: str, edge: bool
    ) -> None:
        key = entry.key
        if edge and key in schema.IGNORED_EDGE_ATTRIBUTES:
            hint = schema.IGNORED_EDGE_ATTRIBUTES[key]
            fix = None
            if key == "when":
                fix = Fix("rename `when` to `condition`", (Edit(entry.key_span, "condition"),))
            self.report("DC004", entry.key_span, f"unknown edge attribute `{key}`: {hint}", fix=fix)
            return
        if key in schema.DIP_ONLY_DIRECTIVES:
            self.report(
                "DC004",
                entry.key_span,
                f"`{key}` is a .dip file directive; tracker's DOT loader does not read files, "
                f"so the attribute does nothing — inline the text in the node",
            )
            return
        if key in schema.GRAPHVIZ_ATTRIBUTES or key in schema.EXPORTER_METADATA:
            return
        spelling = schema.TRACKER_SPELLING.get(key)
        if spelling is not None and spelling in table:
            self.report(
                "DC004",
                entry.key_span,
                f"`{key}` in {where} is another tool's name for `{spelling}`: the runtime "
                f"reads `{spelling}` and ignores `{key}`, so its value has no effect — rename "
                f"it to `{spelling}`",
                fix=Fix(
                    f"rename `{key}` to `{spelling}`", (Edit(entry.key_span, spelling),), False
                ),
            )
            return
        if not self.typed and key in ("outputs", "facts") and key not in table:
            self.report(
                "DC004",
                entry.key_span,
                f"`{key}=` belongs to the typed-outputs DOT engine; tracker ignores it (set "
                '`dialect = "typed-outputs"` for this file in the configuration if that is '
                "the engine that runs it)",
            )
            return
        if self.limit.full("DC004"):
            # counted for the note on the last finding kept; no message, so no did-you-mean
            # search (75,000 unknown attributes took 20 s: tools/fuzz.py dot seed 1204 #778)
            self.report("DC004", entry.key_span, "")
            return
        hint, fix = suggestion_fix(key, table, entry.key_span, rename=True)
        message = f"unknown attribute `{key}` in {where}{hint}"
        message += "; the runtime ignores attributes it does not know"
        self.report("DC004", entry.key_span, message, fix=fix)

    def check_typed(self, entry: Attr, type_: ValueType) -> None:
        """Values the runtime is known to check or silently drop (tracker's DOT-only checks,
        docs/runtime/loading.md#dot-only-checks, and `weight`, which it parses with Atoi)."""
        check = _CHECKED.get(entry.key)
        if check is None:
            return
        text = entry.value.value.strip()
        problem = check_value(type_, text) if check == "" else None
        if check and text not in check.split("|"):
            problem = f"invalid value {text!r} (tracker accepts {check.replace('|', ' or ')})"
        threshold = entry.key == "context_compaction_threshold"
        if problem is None and threshold and not 0 < float(text) <= 1:
            problem = f"{text} is outside the range above 0 and at most 1"
        if problem is not None:
            span = (
                entry.value_span
                if entry.value_span.end > entry.value_span.start
                else (entry.key_span)
            )
            if entry.key == "weight":  # edgeWeight (engine_edges.go): Atoi, else 0
                self.report(
                    "DC005",
                    span,
                    f"{problem} for `weight`: tracker reads it as 0",
                    severity=Severity.WARNING,
                )
                return
            self.report("DC005", span, f"{problem} for `{entry.key}`")

    # -- building the model --------------------------------------------------------------

    def check_outputs(self, build: NodeBuild) -> None:
        """``outputs="name:kind,…"`` declarations of the typed-outputs engine."""
        entry = last_values(build.attrs).get("outputs")
        if entry is None:
            return
        seen: dict[str, Name] = {}
        for output in schema.parse_outputs(entry.value):
            name, kind = output.name, output.kind
            if not name.value:
                self.report("DC005", output.span, "an output declaration needs a name: `name:kind`")
                continue
            first = seen.get(name.value)
            if first is not None:
                self.report(
                    "DC006",
                    name.span,
                    f"output `{name.value}` is declared twice on node `{build.id}`",
                    related=(Related(first.span, "first declared here"),),
                )
            seen.setdefault(name.value, name)
            if not kind.value:
                self.report(
                    "DC005",
                    output.span,
                    f"output `{name.value}` has no kind: write `{name.value}:kind` "
                    f"({', '.join(schema.OUTPUT_KINDS)})",
                )
            elif kind.value not in schema.OUTPUT_KINDS:
                suggestion = closest(kind.value, schema.OUTPUT_KINDS)
                hint = f" (did you mean `{suggestion}`?)" if suggestion else ""
                fix = (
                    Fix(f"change to `{suggestion}`", (Edit(kind.span, suggestion),), False)
                    if suggestion
                    else None
                )
                self.report(
                    "DC005",
                    kind.span,
                    f"unknown output kind `{kind.value}` for `{name.value}`{hint}; kinds are "
                    + ", ".join(schema.OUTPUT_KINDS),
                    fix=fix,
                )
            elif output.values and kind.value != "choice":
                first_value, last_value = output.values[0], output.values[-1]
                self.report(
                    "DC005",
                    first_value.span.cover(last_value.span),
                    f"only a `choice` output lists values; `{name.value}` is `{kind.value}`",
                )

    def check_handler_values(self, build: NodeBuild, handler: str) -> None:
        """Values a handler refuses when the node runs (the run fails there): a tool's
        `timeout` and `output_limit` (``pipeline/handlers/tool.go``), a manager loop's
        `poll_interval` and `max_cycles` (``handlers/manager_loop.go``;
        docs/runtime/tools.md#denied-and-allowed-commands,
        docs/runtime/failures.md#failures-only-a-run-meets). A value inherited from a `node [...]`
        default is reported once, where it
        is written."""
        checks = None if self.family else _HANDLER_VALUES.get(handler)
        if checks is None:  # (most handlers check no value: no need for the last values)
            return
        for key, entry in last_values(build.attrs).items():
            check = checks.get(key)
            if check is None or id(entry.value_span) in self.reported_values:
                continue
            problem = check(entry.value.value)
            if problem is None:
                continue
            self.reported_values.add(id(entry.value_span))
            span = (
                entry.value_span
                if entry.value_span.end > entry.value_span.start
                else entry.key_span
            )
            self.report(
                "DC005",
                span,
                f"{problem} for `{key}` of node `{build.id}`: the {handler} handler refuses it "
                "when the node runs, and the run fails there",
            )

    def check_node(self, build: NodeBuild, handler: str) -> None:
        """Attributes a handler never reads (written on the node itself, not inherited)."""
        self.check_handler_values(build, handler)
        if self.typed:
            self.check_outputs(build)
        for entry in build.attrs:
            if entry.inherited:
                continue
            spec = self.node_table.get(entry.key)
            if spec is None or not spec.handlers or handler in spec.handlers or not handler:
                continue
            if entry.key == "tool_command":
                self.report(
                    "DC004",
                    entry.key_span,
                    f"`tool_command` on node `{build.id}` is never run: its handler is "
                    f"`{handler}`; only tool nodes (`shape=parallelogram`) run a command",
                )
            elif entry.key in ("outputs", "facts") and self.typed:
                runs = "agents" if entry.key == "outputs" else "script and probe nodes"
                self.report(
                    "DC004",
                    entry.key_span,
                    f"`{entry.key}` on node `{build.id}` (handler `{handler}`) declares nothing: "
                    f"only {runs} declare {entry.key}",
                )
            else:
                self.report(
                    "DC004",
                    entry.key_span,
                    f"`{entry.key}` does nothing on node `{build.id}` (handler `{handler}`)",
                )

    def unknown_graph_attr(self, entry: Attr) -> None:
        """Graph attributes double as `$name` variables, so only a near-miss of a known
        attribute that nothing references is reported."""
        key = entry.key
        if key in schema.GRAPHVIZ_ATTRIBUTES or key in schema.EXPORTER_METADATA:
            return
        spelling = schema.TRACKER_SPELLING.get(key)
        if spelling is not None and spelling in self.graph_table:
            self.report(
                "DC004",
                entry.key_span,
                f"graph attribute `{key}` is another tool's name for `{spelling}`: the runtime "
                f"reads `{spelling}` and ignores `{key}` — rename it to `{spelling}`",
                fix=Fix(
                    f"rename `{key}` to `{spelling}`", (Edit(entry.key_span, spelling),), False
                ),
            )
            return
        hint, fix = suggestion_fix(key, self.graph_table, entry.key_span, rename=True)
        if fix is None or self.used_as_variable(key):
            return
        self.report(
            "DC004",
            entry.key_span,
            f"unknown graph attribute `{key}`{hint}; the runtime ignores it (it is only "
            "available as `$" + key + "`)",
            fix=fix,
        )

    def used_as_variable(self, key: str) -> bool:
        """Whether a string of the file holds ``$key`` or ``${graph.key}``."""
        uses = self.source.derived("dot-variable-uses", lambda: VariableUses(self.lexed))
        return uses.holds(key)

    def selectors(self, style: Field | None) -> list[Name]:
        if style is None:
            return []
        parsed = stylesheet.parse_dot(style.value)
        for problem in parsed.problems:
            self.report(
                "DC005",
                style.value.span(problem.start, problem.end),
                f"model_stylesheet does not parse: {problem.message}",
            )
        for item in parsed.properties:
            if item.name in stylesheet.STYLESHEET_PROPERTIES:
                continue
            suggestion = closest(item.name, stylesheet.STYLESHEET_PROPERTIES)
            if suggestion:
                span = style.value.span(item.start, item.end)
                self.report(
                    "DC004",
                    span,
                    f"unknown stylesheet property `{item.name}` (did you mean `{suggestion}`?)",
                    fix=Fix(f"rename to `{suggestion}`", (Edit(span, suggestion),), False),
                )
        return parsed.selectors

"""The rule registry: every code dipcheck can report, declared once with its documentation.

A rule is data (code, kebab name, default severity, summary, rationale, example, fix text)
plus, for rules that inspect the model, a check function. Codes that front-ends report while
loading a file (DC0xx) are declared here too, without a check, so that ``dipcheck rule``,
configuration and the LSP know them.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

from dipcheck.diagnostics import Diagnostic, Fix, Related, Severity
from dipcheck.lazyre import lazy
from dipcheck.records import field, record
from dipcheck.rules import policy
from dipcheck.rules.severity_audit import AUDIT
from dipcheck.source import Span

if TYPE_CHECKING:
    from dipcheck.rules.context import Context

Check = Callable[["Context"], Iterable[Diagnostic]]

# Modules that declare rules, in the order their findings are produced, with the input formats
# their rules check (and those of the rules they extend). Linting a file imports only the
# modules of its format: a YAML step workflow does not load the dippin rules, a .dip file not
# the Ordewell ones. tests/test_rule_loading.py checks, for each format, that its modules
# register every rule of that format and that a lint reports the same as with all loaded.
_EVERY = frozenset({"dip", "dot", "yaml", "ordewell"})
_GRAPHS = frozenset({"dip", "dot"})
RULE_MODULES: dict[str, frozenset[str]] = {
    "dipcheck.rules.loading": _EVERY,
    "dipcheck.rules.structure": _EVERY,
    "dipcheck.rules.dataflow": frozenset({"dip", "dot", "yaml"}),
    "dipcheck.rules.stale_context": _GRAPHS,
    "dipcheck.rules.safety": frozenset({"dip", "dot", "yaml"}),
    "dipcheck.rules.tracker": _GRAPHS,
    "dipcheck.rules.routing": _GRAPHS,
    "dipcheck.rules.failure_routing": _GRAPHS,
    "dipcheck.rules.runtime_values": _GRAPHS,
    "dipcheck.rules.outcomes": _GRAPHS,
    "dipcheck.rules.prompt_text": _GRAPHS,
    "dipcheck.rules.attractor": _GRAPHS,
    "dipcheck.rules.typed_outputs": frozenset({"dot"}),
    "dipcheck.rules.shell": _GRAPHS,
    "dipcheck.rules.tool_policy": _GRAPHS,
    "dipcheck.rules.handlers": _GRAPHS,
    "dipcheck.rules.manager_loop": _GRAPHS,
    "dipcheck.rules.dippin_routing": _GRAPHS,
    "dipcheck.rules.dippin_conditions": _GRAPHS,
    "dipcheck.rules.dippin_human": _GRAPHS,
    "dipcheck.rules.dippin_agents": _GRAPHS,
    "dipcheck.rules.dippin_budgets": _GRAPHS,
    "dipcheck.rules.dippin_access": _GRAPHS,
    "dipcheck.rules.dippin_inputs": frozenset({"dip"}),
    "dipcheck.rules.dippin_context": _GRAPHS,
    "dipcheck.rules.dippin_crossfile": _GRAPHS,
    "dipcheck.rules.configuration": _EVERY,
    "dipcheck.rules.steps": frozenset({"yaml"}),
    "dipcheck.rules.simulation": _GRAPHS,
    "dipcheck.rules.ordewell": frozenset({"ordewell"}),
    "dipcheck.rules.ordewell_context": frozenset({"ordewell"}),
}

# Where the rule pages generated into docs/rules/ (python -m dipcheck.docgen) are published.
# DIPCHECK_DOCS_URL points the links elsewhere (a fork, a mirror, an internal copy).
REPOSITORY_URL = "https://github.com/dipcheck/dipcheck"
DOCS_BASE_URL = os.environ.get("DIPCHECK_DOCS_URL") or f"{REPOSITORY_URL}/blob/main/docs/rules/"

# Can a rule's findings carry a fix? "always": every finding has one; "sometimes": some do
# (a did-you-mean fix needs a close match); "none": never. Tests enumerate the rules that can
# fix and require a round-trip case for each (tests/test_fix_roundtrip.py).
FixAvailability = Literal["none", "sometimes", "always"]

# The version of dipcheck that introduced a rule, unless it says otherwise.
FIRST_RELEASE = "0.1.0"


@record(frozen=True, slots=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    rationale: str
    example: str
    fix: str
    check: Check | None = None
    formats: frozenset[str] = field(default=frozenset({"dip", "dot", "yaml"}))
    enabled: bool = True
    fix_availability: FixAvailability = "none"
    since: str = FIRST_RELEASE
    # The target versions (dipcheck.target) whose runtime the finding is true for; None: all.
    targets: frozenset[str] | None = None
    # The formats whose findings can carry the fix (None: every format the rule covers).
    fix_formats: frozenset[str] | None = None

    @property
    def url(self) -> str:
        return docs_url(self.code)

    @property
    def audit(self) -> policy.Audit | None:
        """The rule's entry in the severity audit (its group and why its default is what it
        is); None for a rule the audit does not know yet (a test requires every rule in it)."""
        return AUDIT.get(self.code)

    @property
    def group(self) -> str | None:
        found = self.audit
        return found.group if found is not None else None

    @property
    def groups(self) -> tuple[str, ...]:
        """Every group that selects this rule: its topical group, and ``dippin`` for a
        ``DIPnnn`` code."""
        own = (self.group,) if self.group is not None else ()
        return (*own, policy.DIPPIN) if self.code.startswith("DIP") else own

    @property
    def fixable_formats(self) -> frozenset[str]:
        """The formats whose findings can carry a fix (none when the rule has no fix)."""
        if self.fix_availability == "none":
            return frozenset()
        return self.formats if self.fix_formats is None else self.formats & self.fix_formats

    @property
    def fix_summary(self) -> str:
        """``always``, ``sometimes`` or ``none`` — per format when the formats differ
        (``always (dip); none (dot)``)."""
        fixable = self.fixable_formats
        if not fixable or fixable == self.formats:
            return self.fix_availability
        named, rest = ", ".join(sorted(fixable)), ", ".join(sorted(self.formats - fixable))
        return f"{self.fix_availability} ({named}); none ({rest})"


def docs_url(code: str) -> str:
    """The address of a rule's page (docs/rules/<code>.md)."""
    base = DOCS_BASE_URL if DOCS_BASE_URL.endswith("/") else DOCS_BASE_URL + "/"
    return f"{base}{code.lower()}.md"


_DOCS_PATH = lazy(r"(?<![\w/.])docs/([\w/.-]+\.md(?:#[\w-]+)?)")


def docs_links(text: str) -> str:
    """``text`` with each ``docs/…md#…`` path it cites as an address beside the rule pages
    (:data:`DOCS_BASE_URL`'s folder): the rule texts cite the runtime pages by their path in
    the repository, which an installed dipcheck does not have."""
    base = DOCS_BASE_URL if DOCS_BASE_URL.endswith("/") else DOCS_BASE_URL + "/"
    docs = base.removesuffix("rules/") if base.endswith("/rules/") else base + "../"
    return _DOCS_PATH.sub(lambda found: docs + found.group(1), text)


_RULES: dict[str, Rule] = {}
_BY_NAME: dict[str, Rule] = {}
_loaded = False  # every rule module is imported
_formats_loaded: set[str] = set()  # the rule modules of these formats are imported
_from_snapshot = False  # _RULES holds a snapshot (metadata, no checks): see use_snapshot
_ordered: list[Rule] = []  # _RULES sorted by code; emptied whenever _RULES changes
# what :func:`checks` found per format, made again when the rules change (``_ordered`` is
# emptied): a lint of many files asks for the same list once per file
_checks_of: dict[str | None, tuple[Rule, ...]] = {}


def _add(rule: Rule) -> Rule:
    global _from_snapshot
    if _from_snapshot:  # a rule module is being imported: the real rules replace the snapshot
        _RULES.clear()
        _BY_NAME.clear()
        _EXTENSIONS.clear()
        _from_snapshot = False
    if rule.code in _RULES or rule.name in _BY_NAME:
        raise ValueError(f"rule {rule.code} {rule.name} declared twice")
    _ordered.clear()
    _RULES[rule.code] = rule
    _BY_NAME[rule.name] = rule
    return rule


def declare(
    code: str,
    name: str,
    severity: Severity,
    *,
    summary: str,
    rationale: str,
    example: str,
    fix: str,
    formats: Iterable[str] = ("dip", "dot", "yaml"),
    enabled: bool = True,
    fix_availability: FixAvailability = "none",
    since: str = FIRST_RELEASE,
    targets: Iterable[str] | None = None,
    fix_formats: Iterable[str] | None = None,
) -> Rule:
    """Declare a code that is reported outside the rule engine (by a front-end)."""
    return _add(
        Rule(
            code,
            name,
            severity,
            summary,
            rationale,
            example,
            fix,
            None,
            frozenset(formats),
            enabled,
            fix_availability,
            since,
            None if targets is None else frozenset(targets),
            None if fix_formats is None else frozenset(fix_formats),
        )
    )


def rule(
    code: str,
    name: str,
    severity: Severity,
    *,
    summary: str,
    rationale: str,
    example: str,
    fix: str,
    formats: Iterable[str] = ("dip", "dot", "yaml"),
    enabled: bool = True,
    fix_availability: FixAvailability = "none",
    since: str = FIRST_RELEASE,
    targets: Iterable[str] | None = None,
    fix_formats: Iterable[str] | None = None,
) -> Callable[[Check], Check]:
    """Decorator: register ``check`` as the implementation of a rule."""

    def register(check: Check) -> Check:
        _add(
            Rule(
                code,
                name,
                severity,
                summary,
                rationale,
                example,
                fix,
                check,
                frozenset(formats),
                enabled,
                fix_availability,
                since,
                None if targets is None else frozenset(targets),
                None if fix_formats is None else frozenset(fix_formats),
            )
        )
        return check

    return register


# per extended code: its declared rationale and the note of each format it was extended to
_EXTENSIONS: dict[str, tuple[str, dict[str, str]]] = {}


def extend(code: str, fmt: str, note: str) -> Callable[[Check], Check]:
    """Decorator: ``check`` implements an already declared rule for one more input format
    (a format-neutral code such as DIP003 on Ordewell plans). The rule keeps its code, name
    and severity; ``note`` is added to its rationale (the notes in the order of their formats'
    names, whichever module was imported first), and its check runs ``check`` on workflows of
    format ``fmt``."""

    def register(check: Check) -> Check:
        found = _RULES.get(code)
        if found is None:
            raise ValueError(f"rule {code} must be declared before it is extended")
        original = found.check
        declared, notes = _EXTENSIONS.get(code) or (found.rationale, {})
        notes = {**notes, fmt: note}
        _EXTENSIONS[code] = declared, notes
        rationale = "\n\n".join([declared, *(notes[name] for name in sorted(notes))])

        def dispatch(context: Context) -> Iterable[Diagnostic]:
            if context.workflow.format == fmt:
                return check(context)
            return original(context) if original is not None else ()

        extended = Rule(
            found.code,
            found.name,
            found.severity,
            found.summary,
            rationale,
            found.example,
            found.fix,
            dispatch,
            found.formats | {fmt},
            found.enabled,
            found.fix_availability,
            found.since,
            found.targets,
            found.fix_formats,
        )
        _ordered.clear()
        _RULES[code] = extended
        _BY_NAME[extended.name] = extended
        return check

    return register


def _load(checks: bool = False, fmt: str | None = None) -> None:
    """Import the rule modules (they register their rules), or only those of format ``fmt``
    — unless a metadata snapshot is in use and no check function is needed."""
    global _loaded, _from_snapshot
    if _loaded or (_from_snapshot and not checks) or fmt in _formats_loaded:
        return
    if _from_snapshot:
        _RULES.clear()
        _BY_NAME.clear()
        _EXTENSIONS.clear()
        _from_snapshot = False
    if fmt is None:
        _loaded = True
    else:
        _formats_loaded.add(fmt)
    for module, formats in RULE_MODULES.items():
        if fmt is None or fmt in formats:
            importlib.import_module(module)


def snapshot() -> list[dict[str, object]]:
    """Every rule's documentation and metadata as plain data (see :func:`use_snapshot`)."""
    return [
        {
            "code": item.code,
            "name": item.name,
            "severity": int(item.severity),
            "summary": item.summary,
            "rationale": item.rationale,
            "example": item.example,
            "fix": item.fix,
            "formats": sorted(item.formats),
            "enabled": item.enabled,
            "fix_availability": item.fix_availability,
            "since": item.since,
            "targets": None if item.targets is None else sorted(item.targets),
            "fix_formats": None if item.fix_formats is None else sorted(item.fix_formats),
        }
        for item in all_rules()
    ]


def use_snapshot(rules: list[dict[str, Any]]) -> None:
    """Answer questions about rules (codes, names, documentation) from a :func:`snapshot` of
    this same code, without importing the rule modules (and what they import): a run whose
    results all come from the result cache never needs a check function. The modules are
    imported the first time a check is asked for."""
    global _from_snapshot
    if _loaded or _RULES:
        return
    if type(rules) is not list:
        raise ValueError("a rules snapshot is a list")
    built = [_from_snapshot_item(item) for item in rules]  # all or none: ValueError if bad
    for rule in built:
        _add(rule)
    _from_snapshot = True


def _from_snapshot_item(item: Any) -> Rule:
    """One rule of a snapshot, its every field checked (the snapshot is read from the result
    cache's directory: a damaged file must not make a broken rule)."""

    def text(key: str) -> Any:
        value = item[key]
        if type(value) is not str:
            raise ValueError(f"rule snapshot: {key} is not text")
        return value

    def texts(key: str, optional: bool = False) -> frozenset[str] | None:
        value = item[key]
        if optional and value is None:
            return None
        if type(value) is not list or any(type(entry) is not str for entry in value):
            raise ValueError(f"rule snapshot: {key} is not a list of text")
        return frozenset(value)

    if type(item) is not dict or type(item["severity"]) is not int:
        raise ValueError("rule snapshot: not a rule")
    if type(item["enabled"]) is not bool:
        raise ValueError("rule snapshot: enabled is not true or false")
    formats = texts("formats")
    assert formats is not None
    return Rule(
        text("code"),
        text("name"),
        Severity(item["severity"]),
        text("summary"),
        text("rationale"),
        text("example"),
        text("fix"),
        None,
        formats,
        item["enabled"],
        text("fix_availability"),
        text("since"),
        texts("targets", optional=True),
        texts("fix_formats", optional=True),
    )


def all_rules() -> list[Rule]:
    _load()
    return list(_in_order())


def _in_order() -> list[Rule]:
    """The rules registered so far, by code."""
    if len(_ordered) != len(_RULES):
        _ordered[:] = sorted(_RULES.values(), key=lambda item: code_key(item.code))
        _checks_of.clear()
    return _ordered


def code_key(code: str) -> tuple[str, int, str]:
    prefix = code.rstrip("0123456789")
    digits = code[len(prefix) :]
    return (prefix, int(digits) if digits else -1, code)


def get(code_or_name: str) -> Rule | None:
    text = code_or_name.strip()
    found = _RULES.get(text.upper()) or _BY_NAME.get(text.lower())
    if found is None and not _loaded:  # a rule of a module not imported yet, or none at all
        _load()
        found = _RULES.get(text.upper()) or _BY_NAME.get(text.lower())
    return found


def severity_of(code: str) -> Severity:
    found = get(code)
    return found.severity if found is not None else Severity.ERROR


def select(selector: str) -> list[Rule]:
    """Rules matching a code, a kebab name, a group (``routing``, ``style``, ``dippin`` …;
    see :mod:`dipcheck.rules.policy`) or a code prefix (``DC2``, ``DIP1``, ``ALL``)."""
    _load()
    text = selector.strip()
    if not text:
        return []  # (every code starts with the empty prefix: a blank selects nothing)
    if text.upper() == "ALL":
        return all_rules()
    exact = get(text)
    if exact is not None:
        return [exact]
    group = text.lower()
    if group in policy.GROUPS or group in policy.DERIVED:
        return [item for item in all_rules() if group in item.groups]
    prefix = text.upper()
    return [item for item in all_rules() if item.code.startswith(prefix)]


def nearest(word: str) -> str:
    """`` (did you mean `X`?)`` for a selector or rule name that matches nothing, when a code,
    a rule's name or a group is within two edits of it (ignoring case), else ``""``."""
    from dipcheck.suggest import closest

    _load()
    names = [
        *(item.code for item in _in_order()),
        *(item.name for item in _in_order()),
        *policy.GROUPS,
        *policy.DERIVED,
    ]
    by_lower = {name.lower(): name for name in names}
    match = closest(word.strip().lower(), list(by_lower))
    return f" (did you mean `{by_lower[match]}`?)" if match else ""


def finding(
    code: str,
    span: Span,
    message: str,
    related: tuple[Related, ...] = (),
    fix: Fix | None = None,
    help: str | None = None,
) -> Diagnostic:
    """A diagnostic of ``code`` with the rule's default severity."""
    return Diagnostic(code, severity_of(code), message, span, related, fix, help)


def checks(fmt: str | None = None) -> tuple[Rule, ...]:
    """The rules with a check function, by code: of every format, or of format ``fmt`` (only
    its rule modules are imported)."""
    _load(checks=True, fmt=fmt)
    rules = _in_order() if fmt is not None and not _loaded else all_rules()
    found = _checks_of.get(fmt)
    if found is None:
        found = _checks_of[fmt] = tuple(
            item
            for item in rules
            if item.check is not None and (fmt is None or fmt in item.formats)
        )
    return found

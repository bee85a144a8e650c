"""The rule registry: every code dipcheck can report, declared once with its documentation.

A rule is data (code, kebab name, default severity, summary, rationale, example, fix text)
plus, for rules that inspect the model, a check function. Codes that front-ends report while
loading a file (DC0xx) are declared here too, without a check, so that ``dipcheck rule``,
configuration and the LSP know them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dipcheck.diagnostics import Diagnostic, Fix, Related, Severity
from dipcheck.source import Span

if TYPE_CHECKING:
    from dipcheck.rules.context import Context

Check = Callable[["Context"], Iterable[Diagnostic]]

# Modules that declare rules, in the order their findings are produced.
RULE_MODULES = (
    "dipcheck.rules.loading",
    "dipcheck.rules.structure",
    "dipcheck.rules.dataflow",
    "dipcheck.rules.safety",
    "dipcheck.rules.tracker",
    "dipcheck.rules.shell",
    "dipcheck.rules.configuration",
    "dipcheck.rules.steps",
    "dipcheck.rules.simulation",
)

DOCS_URL = "https://dipcheck.dev/rules/{code}"


@dataclass(frozen=True, slots=True)
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

    @property
    def url(self) -> str:
        return DOCS_URL.format(code=self.code.lower())


_RULES: dict[str, Rule] = {}
_BY_NAME: dict[str, Rule] = {}
_loaded = False


def _add(rule: Rule) -> Rule:
    if rule.code in _RULES or rule.name in _BY_NAME:
        raise ValueError(f"rule {rule.code} {rule.name} declared twice")
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
            )
        )
        return check

    return register


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in RULE_MODULES:
            importlib.import_module(module)


def all_rules() -> list[Rule]:
    _load()
    return sorted(_RULES.values(), key=lambda item: _code_key(item.code))


def _code_key(code: str) -> tuple[str, int, str]:
    prefix = code.rstrip("0123456789")
    digits = code[len(prefix) :]
    return (prefix, int(digits) if digits else -1, code)


def get(code_or_name: str) -> Rule | None:
    _load()
    text = code_or_name.strip()
    return _RULES.get(text.upper()) or _BY_NAME.get(text.lower())


def severity_of(code: str) -> Severity:
    found = get(code)
    return found.severity if found is not None else Severity.ERROR


def select(selector: str) -> list[Rule]:
    """Rules matching a code, a kebab name or a code prefix (``DC2``, ``DIP1``, ``ALL``)."""
    _load()
    text = selector.strip()
    if text.upper() == "ALL":
        return all_rules()
    exact = get(text)
    if exact is not None:
        return [exact]
    prefix = text.upper()
    return [item for item in all_rules() if item.code.startswith(prefix)]


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


def checks() -> Iterator[Rule]:
    for item in all_rules():
        if item.check is not None:
            yield item

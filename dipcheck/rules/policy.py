"""The severity policy: what each default severity means, each rule's group, and why each rule
has the default it has.

A rule's *severity* says what the runtime does with what it found:

* **error** — tracker refuses the file (`tracker validate`, the loader or the adapter stops),
  or the run certainly fails (or the node certainly fails) when it gets there;
* **warning** — the run can take a path its author did not intend: a route never or always
  taken, a value that is empty or wrong, a failure nobody handles;
* **info** / **hint** — style, parity with dippin or tracker's own lint, or a fact worth
  knowing that changes nothing on its own.

A file tracker runs happily must never fail a pre-commit hook, which fails on errors.

A rule is *on by default* when its findings on real workflows are right and worth acting on;
style checks (no effect on the run) and checks whose answer depends on the machine running
dipcheck are off, and selectable by code, by name, or by group (``select = ["dippin"]`` gives
every code dippin reports, for parity after a migration).

Every rule belongs to exactly one topical group; the ``dippin`` group is every ``DIPnnn`` code
besides. The audit (:mod:`dipcheck.rules.severity_audit`) gives each rule's group, its audited
default severity (a test keeps it equal to the severity the rule declares) and the reason for
it, rendered on the rule's page (``docs/rules/``).
"""

from __future__ import annotations

from dipcheck.diagnostics import Severity
from dipcheck.records import record

# Topical groups: each rule is in exactly one.
GROUPS: dict[str, str] = {
    "runtime": "what tracker refuses to load or run, and what makes a node or the run fail "
    "when it gets there",
    "routing": "which edge, retry, fallback, restart or goal gate the run takes",
    "context": "what a node reads and writes: context keys, placeholders, prompt text",
    "safety": "what a tool command or an agent may do: shell, command lists, tool access",
    "config": "settings tracker ignores, replaces or caps: models, policies, budgets, fidelity, "
    "timeouts",
    "style": "text with no effect on the run: redundant, ignored or misleading (off by default)",
    "simulation": "findings proved by the simulator's path exploration (off by default)",
    "suppression": "dipcheck's own suppression comments",
}
# Groups made of other rules: every DIPnnn code, for parity with `dippin lint`.
DIPPIN = "dippin"
DERIVED: dict[str, str] = {
    DIPPIN: "every `DIPnnn` code, each one reporting what `dippin lint` reports under its number "
    "(off-by-default ones included), for parity after a migration",
}


# Reasons the severity audit (rules/severity_audit.py) gives for many rules.
REFUSED = "tracker refuses the file"
RUN_FAILS = "a handler error ends the whole run as failed (`pipeline/engine.go` `handleNodeError`)"
PARITY_ERROR = "dippin reports it as an error and `dippin lint` exits 1 on it"
STYLE_OFF = (
    "Off by default: it changes nothing tracker does (style); select it by code, with `style`, "
    "or with `dippin` for parity."
)


def group_names() -> list[str]:
    """Every group a selector may name."""
    return [*GROUPS, *DERIVED]


@record(frozen=True, slots=True)
class Audit:
    group: str
    severity: Severity  # the audited default; must equal the severity the rule declares
    why: str  # why this severity (and why off, for a rule off by default)


def is_style_or_parity(audit: Audit) -> bool:
    """A rule whose findings change nothing tracker does (group ``style``) or only repeat what
    dippin or `tracker validate` report (its reason starts with "parity"): the share of these
    among warnings and errors is what the precision harness bounds."""
    return audit.group == "style" or audit.why.startswith("parity")

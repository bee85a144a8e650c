"""Commands the server runs for the client (``workspace/executeCommand``).

* ``dipcheck.explainRule`` — one argument, a rule code or name (``DC102``,
  ``unproduced-context-key``); returns the rule's documentation as Markdown: what
  ``dipcheck rule CODE`` prints, as its page in ``docs/rules/`` has it. Anything else is an
  ``InvalidParams`` error whose message says what it takes.
"""

from __future__ import annotations

from typing import Any

from dipcheck.rules import docs, registry
from dipcheck.suggest import closest
from dipcheck_lsp.protocol import BadArguments, sent

EXPLAIN_RULE = "dipcheck.explainRule"
COMMANDS = [EXPLAIN_RULE]


def explain_rule(*arguments: Any) -> str:
    if len(arguments) != 1 or not isinstance(arguments[0], str) or not arguments[0].strip():
        raise BadArguments(
            f"{EXPLAIN_RULE} takes one argument, a rule code or name (such as DC102)"
        )
    wanted = arguments[0].strip()
    rule = registry.get(wanted)
    if rule is None:
        # a near-miss of a name is worth naming; codes are too alike for a guess to help
        match = closest(wanted.lower(), [item.name for item in registry.all_rules()])
        hint = f" (did you mean `{match}`?)" if match else ""
        raise BadArguments(f"no rule {sent(wanted, '`')}{hint}; `dipcheck rule --all` lists them")
    return docs.document(rule)

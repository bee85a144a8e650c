"""Edge guards in disjunctive normal form (dipcheck.analysis.guards): bounded by size before
they are built."""

from __future__ import annotations

import subprocess
import sys

from dipcheck import conditions
from dipcheck.analysis.guards import _DNF_LIMIT, _dnf


def _ors(count: int) -> str:
    return " and ".join(f"(ctx.k{i} = a or ctx.k{i} = b)" for i in range(count))


def test_a_product_past_the_limit_is_not_built() -> None:
    """Hostile input: 40 two-way `or`s joined by `and` are 2**40 conjunctions; the lint ran
    past a minute and 6 GB building them before the limit was checked. The size is computed
    first now (run in a child process, so that the old behaviour fails instead of hanging)."""
    code = (
        "from dipcheck import conditions\n"
        "from dipcheck.analysis.guards import _dnf\n"
        f"print(_dnf(conditions.parse({_ors(40)!r}).expr, False))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=False
    )
    assert run.stdout == "None\n", run.stderr


def test_twin_a_product_within_the_limit_is_built() -> None:
    expr = conditions.parse(_ors(6)).expr
    assert expr is not None
    forms = _dnf(expr, False)
    assert forms is not None and len(forms) == 2**6 == _DNF_LIMIT
    assert [lit.values[0] for lit in forms[0]] == ["a"] * 6
    assert [lit.values[0] for lit in forms[-1]] == ["b"] * 6
    assert _dnf(conditions.parse(_ors(7)).expr, False) is None  # type: ignore[arg-type]

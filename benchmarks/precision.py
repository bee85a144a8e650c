"""Precision on real workflows: the default rule set on ../shared/corpus, against a hand-judged
list of its findings (tests/precision_judged.toml).

    python benchmarks/precision.py
    python benchmarks/precision.py --corpus ../shared/corpus --judged tests/precision_judged.toml

Prints the findings per code and severity, the share of style/parity findings among the
warnings and errors (issue 18: at most 10%), and every judged entry the run contradicts. Use it
before changing a default.

A judged entry names a file (relative to the corpus), a line, a code, a verdict and the tracker
source that decides it:

- ``true``: the finding is right and worth acting on; a default run reports it at that line as
  a warning or an error;
- ``false``: the finding is wrong; a default run does not report it at that line at all;
- ``info``: the finding is right and worth knowing, but the run takes no unintended path; a
  default run reports it at that line as an info or a hint;
- ``debatable`` (right in fact, wrong in degree or arguable) and ``style`` (right, changes
  nothing tracker does): a default run does not report it as a warning or an error.

Exits 1 when a judged entry is contradicted or the style/parity share is above the bound, and 0
with a message when the corpus is absent.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from dipcheck.config import Config
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.engine import lint_paths
from dipcheck.rules import policy, registry

PROJECT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = PROJECT.parent / "shared" / "corpus"
DEFAULT_JUDGED = PROJECT / "tests" / "precision_judged.toml"
MAX_STYLE_SHARE = 0.10
VERDICTS = ("true", "info", "false", "debatable", "style")
LOUD = (Severity.ERROR, Severity.WARNING)


@dataclass(frozen=True, slots=True)
class Judged:
    file: str  # relative to the corpus
    line: int  # 1-based
    code: str
    verdict: str
    source: str  # the tracker source (or tracker-runtime.md section) that decides it
    note: str = ""


@dataclass(frozen=True, slots=True)
class Found:
    file: str  # relative to the corpus
    line: int  # 1-based
    code: str
    severity: Severity


def load_judged(path: Path = DEFAULT_JUDGED) -> list[Judged]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    entries = [Judged(**item) for item in data.get("finding", [])]
    for entry in entries:
        if entry.verdict not in VERDICTS:
            raise ValueError(f"{entry.file}:{entry.line} {entry.code}: verdict {entry.verdict!r}")
        if not entry.source.strip():
            raise ValueError(f"{entry.file}:{entry.line} {entry.code}: no deciding source")
    return entries


def _found(corpus: Path, items: Iterable[Diagnostic]) -> list[Found]:
    found = []
    for item in items:
        file = Path(item.span.path)
        try:
            relative = file.resolve().relative_to(corpus.resolve()).as_posix()
        except ValueError:
            relative = file.as_posix()
        line = item.span.start_position()[0] + 1
        found.append(Found(relative, line, item.code, item.severity))
    return found


def lint_corpus(corpus: Path = DEFAULT_CORPUS) -> list[Found]:
    """Every finding of a default run (no configuration file) on the corpus."""
    results = lint_paths([str(corpus)], Config())
    return _found(corpus, (item for result in results for item in result.diagnostics))


def style_share(found: list[Found]) -> tuple[int, int]:
    """(style/parity findings, all findings) among the warnings and errors."""
    loud = [item for item in found if item.severity in LOUD]
    quiet = 0
    for item in loud:
        rule = registry.get(item.code)
        audit = rule.audit if rule is not None else None
        quiet += audit is not None and policy.is_style_or_parity(audit)
    return quiet, len(loud)


def contradictions(found: list[Found], judged: list[Judged]) -> list[str]:
    """Every judged entry the run contradicts, as a line to print."""
    at: dict[tuple[str, int, str], list[Severity]] = collections.defaultdict(list)
    for item in found:
        at[(item.file, item.line, item.code)].append(item.severity)
    problems = []
    for entry in judged:
        severities = at.get((entry.file, entry.line, entry.code), [])
        where = f"{entry.file}:{entry.line} {entry.code} ({entry.verdict})"
        shown = ", ".join(sorted(s.label for s in severities)) or "not reported"
        if entry.verdict == "true" and not any(s in LOUD for s in severities):
            problems.append(f"{where}: a true finding lost ({shown})")
        elif entry.verdict == "info" and (not severities or any(s in LOUD for s in severities)):
            problems.append(f"{where}: should be an info or a hint ({shown})")
        elif entry.verdict == "false" and severities:
            problems.append(f"{where}: a false finding reported ({shown})")
        elif entry.verdict in ("debatable", "style") and any(s in LOUD for s in severities):
            problems.append(f"{where}: reported as {shown}, should be below warning")
    return problems


def table(found: list[Found]) -> list[str]:
    counts = collections.Counter((item.code, item.severity) for item in found)
    codes = sorted({code for code, _ in counts})
    order = list(Severity)
    lines = [f"{'code':8} " + " ".join(f"{s.label:>7}" for s in order)]
    for code in codes:
        lines.append(f"{code:8} " + " ".join(f"{counts[(code, s)] or '':>7}" for s in order))
    lines.append(
        f"{'total':8} "
        + " ".join(f"{sum(n for (_, s), n in counts.items() if s is sev):>7}" for sev in order)
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--judged", type=Path, default=DEFAULT_JUDGED)
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"skipped: no corpus at {args.corpus}")
        return 0
    found = lint_corpus(args.corpus)
    judged = load_judged(args.judged)
    print("\n".join(table(found)))
    quiet, loud = style_share(found)
    share = quiet / loud if loud else 0.0
    print(
        f"\nstyle/parity: {quiet} of {loud} warnings and errors ({share:.1%}; "
        f"bound {MAX_STYLE_SHARE:.0%})"
    )
    verdicts = collections.Counter(entry.verdict for entry in judged)
    print(
        f"judged: {len(judged)} entries ("
        + ", ".join(f"{verdicts[v]} {v}" for v in VERDICTS)
        + f") on {len({entry.code for entry in judged})} codes"
    )
    problems = contradictions(found, judged)
    for problem in problems:
        print(f"  {problem}")
    print("judged list: " + ("all held" if not problems else f"{len(problems)} contradicted"))
    return 1 if problems or share > MAX_STYLE_SHARE else 0


if __name__ == "__main__":
    sys.exit(main())

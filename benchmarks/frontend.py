"""Where the ``.dip`` front-end spends its time: lex, parse and lower, each timed in process.

Two inputs: tracker's largest example, ``tracker/examples/build_product.dip`` from the corpus
(3,359 lines), and a chain of ``--size`` agents made by ``benchmarks/synthetic.py``'s generator.
Each run builds a fresh :class:`SourceText` (so its line table is computed again, inside the
lex figure) and times the three stages of ``load_dip`` one after the other:

* lex — ``dip_lexer.lex``: the line pre-lexer, text to tokens;
* parse — ``dip_parser.parse_groups``: lark's LALR parser fed those tokens;
* lower — the lowering in ``frontends/dip.py``: the parse tree to a ``Workflow``.

The figures are CPU time (``time.process_time``: steadier than wall time on a shared
machine), the median over ``--runs`` after one untimed warm-up run. The cyclic garbage
collector is paused during each run, as ``engine.lint_source`` pauses it around the front-end
and the rules (with it running, its passes over the 10,000-node chain's live objects cost
about as much again as the front-end itself). With ``--cold`` the caches keyed by text
(raw block values, the words of declaration and edge lines, parsed conditions) are emptied
before every run: the figure of a file linted for the first time. Caches keyed by text (raw
block values, conditions) are therefore warm, as they are when the language server lints a
file again after an edit.

    python benchmarks/frontend.py                       # 15 runs, a 10,000-node chain, 5 runs
    python benchmarks/frontend.py --cold                # every run with empty text caches
    python benchmarks/frontend.py --runs 31 --size 10000 --chain-runs 3
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from synthetic import chain  # noqa: E402

from dipcheck import conditions  # noqa: E402
from dipcheck.frontends import dip_lexer  # noqa: E402
from dipcheck.frontends.common import read_from_disk  # noqa: E402
from dipcheck.frontends.dip import _Lowering  # noqa: E402
from dipcheck.frontends.dip_lexer import lex  # noqa: E402
from dipcheck.frontends.dip_parser import parse_groups  # noqa: E402
from dipcheck.source import SourceText  # noqa: E402

STAGES = ("lex", "parse", "lower")


# the caches keyed by text that the .dip front-end consults (those this revision has, so
# that the script also measures earlier revisions: PYTHONPATH=<exported tree>)
TEXT_CACHES = tuple(
    cached
    for cached in (
        getattr(dip_lexer, "_block_value", None),
        getattr(dip_lexer, "_cached_line_words", None),
        conditions.parse,
    )
    if cached is not None
)


def run_once(path: str, text: str, cold: bool = False) -> dict[str, float]:
    """CPU seconds of each stage for one fresh source (the steps ``load_dip`` takes)."""
    if cold:
        for cached in TEXT_CACHES:
            cached.cache_clear()
    clock = time.process_time
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _stages(path, text, clock)
    finally:
        if enabled:
            gc.enable()


def _stages(path: str, text: str, clock: Callable[[], float]) -> dict[str, float]:
    begin = clock()
    source = SourceText(path, text)
    lexed = lex(source)
    lexed_at = clock()
    tree, _ = parse_groups(source, lexed)
    parsed_at = clock()
    base = os.path.dirname(path)
    lowering = _Lowering(source, lexed.raw_blocks, base or None, base, read_from_disk)
    workflow = lowering.lower(tree)
    lowered_at = clock()
    assert workflow is not None, f"{path} does not lower to a workflow"
    return {"lex": lexed_at - begin, "parse": parsed_at - lexed_at, "lower": lowered_at - parsed_at}


def measure(path: str, text: str, runs: int, cold: bool) -> dict[str, float]:
    run_once(path, text)  # warm-up: grammar loaded, caches keyed by text filled
    samples = [run_once(path, text, cold) for _ in range(runs)]
    medians = {stage: statistics.median(sample[stage] for sample in samples) for stage in STAGES}
    medians["total"] = statistics.median(sum(sample.values()) for sample in samples)
    return medians


def report(label: str, lines: int, medians: dict[str, float], unit: Callable[[float], str]) -> None:
    cells = "  ".join(f"{stage} {unit(medians[stage]):>9}" for stage in (*STAGES, "total"))
    print(f"{label:<28} {lines:>7} lines  {cells}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--runs", type=int, default=15, help="runs on build_product.dip")
    parser.add_argument("--size", type=int, default=10000, help="nodes in the generated chain")
    parser.add_argument("--chain-runs", type=int, default=5, help="runs on the chain")
    parser.add_argument("--cold", action="store_true", help="empty the text caches every run")
    args = parser.parse_args()
    example = args.corpus / "tracker" / "examples" / "build_product.dip"
    if not example.is_file():
        print(f"not found: {example} (pass --corpus)", file=sys.stderr)
        return 2
    caches = "empty (--cold)" if args.cold else "warm"
    print(f"median CPU time per stage, text caches {caches} (python {sys.version.split()[0]})")
    text = example.read_text(encoding="utf-8")
    medians = measure(str(example), text, args.runs, args.cold)
    report("build_product.dip", text.count("\n") + 1, medians, lambda s: f"{s * 1000:.2f} ms")
    generated = chain(args.size)
    path = str(ROOT / f"chain_{args.size}.dip")  # never written: the text is linted in memory
    medians = measure(path, generated, args.chain_runs, args.cold)
    report(f"chain of {args.size} agents", generated.count("\n") + 1, medians, _seconds)
    return 0


def _seconds(value: float) -> str:
    return f"{value:.3f} s"


if __name__ == "__main__":
    raise SystemExit(main())

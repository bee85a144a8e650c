#!/usr/bin/env python3
"""Fuzz dipcheck: grammar-aware generation and mutation of `.dip`, DOT, YAML step workflows
and Ordewell plans, and of JSON-RPC sessions with the language server (docs/fuzzing.md).

    tools/fuzz.py --minutes 10 --format dip        # a long run of one format
    tools/fuzz.py --count 200                      # 200 inputs of every format
    tools/fuzz.py --format dot --seed 7 --index 41 # replay one input

Exit status 1 when an input failed a check, 0 otherwise. Reproducers are written to
``$XDG_CACHE_HOME/dipcheck-fuzz`` (``~/.cache/dipcheck-fuzz``) unless ``--out`` says where.
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzzing import seeds
from fuzzing.campaign import FORMATS, Campaign, default_out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/fuzz.py", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--format", choices=FORMATS, action="append", help="(repeatable; default: all)"
    )
    parser.add_argument("--minutes", type=float, help="run each format this long")
    parser.add_argument(
        "--count", type=int, help="inputs per format (default 100 without --minutes)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--index", type=int, help="replay this one input (with --seed)")
    parser.add_argument(
        "--out", type=Path, default=default_out(), help="reproducers (default %(default)s)"
    )
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per input (default 20)")
    parser.add_argument("--memory-mb", type=int, default=2048, help="address space of a child (MB)")
    parser.add_argument(
        "--no-minimize", action="store_true", help="save failing inputs as they are"
    )
    args = parser.parse_args(argv)

    # a terminated run stops its worker too (background jobs ignore SIGINT)
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    formats = args.format or list(FORMATS)
    loaded = seeds.load()
    counts = ", ".join(f"{fmt} {len(texts)}" for fmt, texts in loaded.by_format.items())
    print(f"seeds: {loaded.files} files ({counts})")
    campaign = Campaign(
        loaded,
        seed=args.seed,
        out=args.out,
        budget=args.budget,
        memory_mb=args.memory_mb,
        minimize=not args.no_minimize,
    )
    failed = False
    try:
        for fmt in formats:
            if args.index is not None:
                stats = campaign.run(fmt, count=1, start=args.index)
                for failure in stats.failures:
                    print("\n".join(failure.problems))
            elif args.minutes is not None:
                stats = campaign.run(fmt, count=args.count, seconds=args.minutes * 60)
            else:
                stats = campaign.run(fmt, count=args.count or 100)
            print(stats.line(), flush=True)
            for problem, times in stats.problems.most_common():
                indices = [item.index for item in stats.failures if problem in item.problems]
                shown = ", ".join(map(str, indices[:20])) + (" …" if len(indices) > 20 else "")
                print(f"  {times:5d} x {problem}\n          inputs {shown}")
            for failure in stats.failures:
                if failure.saved is not None:
                    print(f"  reproducer: {failure.saved}")
            failed = failed or bool(stats.failures)
    finally:
        campaign.close()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

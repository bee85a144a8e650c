"""Hostile files up to the size limit: what one large file of a repeated small thing costs.

    python benchmarks/hostile_sizes.py                    # every shape at 8 MB, one run each
    python benchmarks/hostile_sizes.py --mb 1 --runs 3 --shapes adjacent.dot flow.yaml
    python benchmarks/hostile_sizes.py --timeout 300      # stop a run after 300 s (default 600)

Each shape is a file of ``--mb`` megabytes (YAML: at most 2, its size limit) made of one small
thing repeated, the kind of input a fuzzer or a hostile pull request produces; each is linted
by ``python -m dipcheck lint --no-cache --format json`` in a fresh process (``synthetic.py``'s
runner): median CPU (user + system of the child), wall time, peak RSS and the number of
findings. Shapes:

* ``adjacent.dot``: ``""`` repeated inside one attribute list (each is an attribute name);
* ``joined.dot``: one string of ``+ "ab"`` parts;
* ``attributes.dot``: nodes with two attributes each;
* ``edges.dip``: ``A -> B`` repeated in an edges section;
* ``words.dip``: one edge line with millions of words after it;
* ``placeholders.dip``: one prompt line of ``${ctx.kN}`` placeholders;
* ``prompt.dip``: a multi-line prompt, one placeholder a line;
* ``flow.yaml``: a step workflow with a flow mapping of ``x,`` keys;
* ``steps.yaml``: a step workflow of two-key steps;
* ``dependencies.json``: an Ordewell plan whose one task has a huge ``dependencies`` list;
* ``misspelt.dot``: a thousand misspelt graph attributes, then nodes with a label each;
* ``orphans.dip``: agents no edge leads to.

Budget (issue 19 §1, "bounded everywhere"): every shape ends, with a DC002 finding when it
is over a limit (``docs/output-format.md``), within seconds and a few hundred MB.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import lint_once

DIP_HEAD = (
    "workflow W\n  start: A\n  exit: B\n\n  agent A\n    prompt: hi\n  agent B\n"
    "    prompt: hi\n\n  edges\n"
)


def _repeat(head: str, unit: str, tail: str, size: int) -> str:
    count = max(0, size - len(head) - len(tail)) // len(unit)
    return head + unit * count + tail


def _misspelt(size: int) -> str:
    """Graph attributes one letter away from tracker's (each is a DC004 with a suggestion),
    and nodes with a label each up to ``size``."""
    from dipcheck.frontends.dot_schema import GRAPH_ATTRIBUTES

    keys: dict[str, None] = {}
    for name in (name for name in GRAPH_ATTRIBUTES if len(name) > 6):
        for index in range(len(name)):
            for letter in "xq":
                keys.setdefault(name[:index] + letter + name[index + 1 :])
    attributes = ", ".join(f'{key}="v"' for key in list(keys)[:1000])
    head = f"digraph G {{\n  graph [{attributes}]\n  start [shape=Mdiamond]\n"
    head += "  exit [shape=Msquare]\n  start -> exit\n"
    count = max(0, size - len(head)) // 28
    return head + "".join(f'  n{index} [label="s{index}"]\n' for index in range(count)) + "}\n"


SHAPES: dict[str, Callable[[int], str]] = {
    "adjacent.dot": lambda n: _repeat('digraph G {\n  A [prompt="x" ', '"" ', "]\n}\n", n),
    "joined.dot": lambda n: _repeat(
        'digraph G {\n  A [shape=box, prompt="x"', ' + "ab"', "]\n}\n", n
    ),
    "attributes.dot": lambda n: (
        "digraph G {\n"
        + "".join(f'  n{i} [shape=box, prompt="p{i}"]\n' for i in range(n // 32))
        + "}\n"
    ),
    "edges.dip": lambda n: _repeat(DIP_HEAD, "    A -> B\n", "", n),
    "words.dip": lambda n: _repeat(DIP_HEAD + "    A -> B ", "x ", "\n", n),
    "placeholders.dip": lambda n: (
        "workflow W\n  start: A\n  exit: A\n\n  agent A\n    prompt: "
        + "".join(f"${{ctx.k{i}}} " for i in range(n // 14))
        + "\n"
    ),
    "prompt.dip": lambda n: (
        "workflow W\n  start: A\n  exit: A\n\n  agent A\n    prompt:\n"
        + "".join(f"      line ${{ctx.k{i}}} text\n" for i in range(n // 30))
    ),
    "flow.yaml": lambda n: _repeat(
        "steps:\n  - name: a\n    agent: x\n  - {name: x,", "x,", "}\n", min(n, 2_000_000)
    ),
    "steps.yaml": lambda n: (
        "name: w\nsteps:\n"
        + "".join(f"  - name: s{i}\n    agent: a{i}\n" for i in range(min(n, 2_000_000) // 34))
    ),
    "misspelt.dot": _misspelt,
    "orphans.dip": lambda n: (
        "workflow W\n  start: A\n  exit: A\n\n  agent A\n    prompt: hi\n"
        + "".join(f"  agent X{i}\n    prompt: hi\n" for i in range(n // 30))
    ),
    "dependencies.json": lambda n: json.dumps(
        {
            "tasks": [
                {"id": "t0", "title": "x", "sliceType": "AFK", "dependencies": ["t0"] * (n // 6)}
            ]
        }
    ),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--mb", type=float, default=8.0, help="file size in MB (default 8)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    args = parser.parse_args()
    size = int(args.mb * 1_000_000)
    print(f"{'shape':18} {'MB':>5} {'CPU s':>8} {'wall s':>8} {'peak MB':>8} {'findings':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for shape in args.shapes:
            path = Path(folder) / shape
            path.write_text(SHAPES[shape](size), encoding="utf-8")
            runs = [lint_once(path, args.timeout) for _ in range(args.runs)]
            stopped = any(count is None for *_, count in runs)
            cpu = "stopped" if stopped else f"{statistics.median(r[0] for r in runs):.2f}"
            wall = statistics.median(r[1] for r in runs)
            peak = max(r[2] for r in runs)
            findings = "-" if stopped else str(runs[-1][3])
            megabytes = path.stat().st_size / 1e6
            print(
                f"{shape:18} {megabytes:5.1f} {cpu:>8} {wall:8.2f} {peak:8.0f} {findings:>9}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

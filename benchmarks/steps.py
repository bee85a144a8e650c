"""Lint time of a large YAML step workflow.

Generates a step workflow (a chain of agent and tool steps with `|` and `>` prompts full of
`{{ step }}`, `{{ step.field }}` and `{{ input.name }}` placeholders, `inputs:` in list and
mapping form, declared `output:` sections, and a rejection loop every tenth step) and times
``lint_text`` on it in process: YAML parsing, lowering, every rule and the context-flow
analysis. The first run is an untimed warm-up (imports, rule registry); the median of
``--runs`` timed runs is reported.

    python benchmarks/steps.py
    python benchmarks/steps.py --steps 2000 --runs 9
    python benchmarks/steps.py --write 500 > big.yaml

Budget (issue 4): 500 steps in under 1 s. Exits 1 when the budget is exceeded.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

BUDGET_SECONDS = 1.0


def generate(count: int) -> str:
    lines = [
        "name: generated",
        "description: A long chain of steps with review loops.",
        "inputs:",
        "  issue: {type: string, required: true}",
        "  repo: {type: string}",
        "steps:",
    ]
    for index in range(count):
        name = f"step_{index}"
        previous = f"step_{index - 1}" if index else ""
        following = f"step_{index + 1}" if index + 1 < count else "null"
        lines.append(f"  - name: {name}")
        lines.append("    tool: run-checks" if index % 7 == 3 else "    agent: dev")
        if index % 2:
            lines += [
                "    prompt: |",
                "      Continue the work on {{ input.issue }} in {{ input.repo }}.",
                f"      The previous step said: {{{{ {previous} }}}}",
                f"      Its summary section: {{{{ {previous}.summary }}}}",
            ]
        else:
            lines += [
                "    prompt: >-",
                "      Work on the issue, taking into account",
                f"      {{{{ {previous or 'input.issue'} }}}} and the repository",
                "      {{ input.repo }}.",
            ]
        if previous:
            if index % 3:
                lines.append(f"    inputs: [{previous}]")
            else:
                lines.append(f"    inputs: {{context: {previous}, brief: {previous}.summary}}")
        lines += ["    output:", "      summary: What this step did", "      risks: Open risks"]
        if index % 10 == 9:
            lines += [
                "    conditions:",
                "      - on_result: rejected",
                f"        next: step_{index - 5}",
                "      - on_result: abandoned",
                "        next: null",
            ]
        lines.append(f"    next: {following}")
    return "\n".join(lines) + "\n"


def measure(text: str, runs: int) -> tuple[float, int]:
    from dipcheck.engine import lint_text

    result = lint_text(text, "generated.yaml")  # warm-up
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        result = lint_text(text, "generated.yaml")
        timings.append(time.perf_counter() - start)
    return statistics.median(timings), len(result.diagnostics)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=500, help="steps to generate (500)")
    parser.add_argument("--runs", type=int, default=7, help="timed runs, median reported (7)")
    parser.add_argument("--write", type=int, metavar="N", help="print an N-step workflow")
    args = parser.parse_args()
    if args.write:
        sys.stdout.write(generate(args.write))
        return 0
    text = generate(args.steps)
    seconds, findings = measure(text, max(args.runs, 1))
    print(
        f"{args.steps} steps, {text.count(chr(10))} lines, {len(text)} characters: "
        f"median lint_text {seconds * 1000:.0f} ms over {args.runs} runs "
        f"({findings} findings; budget {BUDGET_SECONDS * 1000:.0f} ms for 500 steps)"
    )
    if args.steps <= 500 and seconds >= BUDGET_SECONDS:
        print("over budget", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Recall on real defects: fixes that authors of tracker's example workflows shipped later.

``benchmarks/real_fixes.json`` lists defects mined from the git history of tracker (up to
v0.64.0): for each, the fix commit and its parent, the workflow file before and after the fix,
the defect's class and the line ranges of the defect in the file *before* the fix. This script
reads both versions of each file from a local git mirror of tracker (nothing of tracker is
copied into this project), lints them with ``python -m dipcheck lint`` and reports:

- **detected** — every location of the defect (a list of line ranges; ``match: any`` defects
  need one) carries a finding of the *before* file that is gone from the *after* file. A
  finding lies at a location when its line span overlaps one of the location's ranges widened
  by ``--tolerance`` lines (default 2) on each side. *partial* means some locations only.
- **new errors after the fix** — error-severity findings of an *after* file that the *before*
  file does not have (each fix pair counted once, however many defects it fixes).

Findings of the two versions are paired by code and message (paths of the temporary trees
replaced, line numbers in messages masked); among findings with the same key, the pairs with
the closest lines win, lines of the before file being mapped onto the after file by a diff of
the two texts. An unpaired before finding is gone; an unpaired after finding is new.

Each fix commit's directory (``examples/`` whole, otherwise the file's own directory) is
materialised with ``git archive`` so ``prompt_file``/``command_file``/subgraph references
resolve. dipcheck runs once over all the files, with ``--no-cache --isolated
--no-env-checks`` (whether a command is on this machine's PATH must not change the figures)
and, with ``--all-rules``, ``--extend-select ALL``.

    python benchmarks/real_fixes.py                  # default rules
    python benchmarks/real_fixes.py --all-rules      # every rule, including off-by-default ones
    python benchmarks/real_fixes.py --json > out.json
    python benchmarks/real_fixes.py --mirror /path/to/tracker.git --only fixmilestone-dead-end

Not a test: the mirror is not available in CI. Exit status 0, or 2 when the mirror or the
dataset cannot be read or dipcheck fails.
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
DATASET = Path(__file__).resolve().with_name("real_fixes.json")
DEFAULT_MIRROR = Path("/work/.mirror/2389-research+tracker/repo")
TOLERANCE = 2


class Failure(Exception):
    """The benchmark cannot run (exit status 2)."""


@dataclass
class Finding:
    code: str
    severity: str
    message: str
    start: int
    end: int
    key: tuple[str, str] = ("", "")


@dataclass
class Version:
    """One side (before/after) of a fix pair: the tree it lives in and its findings."""

    commit: str
    path: str
    tree: Path
    findings: list[Finding] = field(default_factory=list)

    @property
    def file(self) -> Path:
        return self.tree / self.path


@dataclass
class Pair:
    before: Version
    after: Version
    gone: list[Finding] = field(default_factory=list)
    new: list[Finding] = field(default_factory=list)


def git(mirror: Path, *args: str) -> bytes:
    result = subprocess.run(["git", "-C", str(mirror), *args], capture_output=True, check=False)
    if result.returncode != 0:
        raise Failure(f"git {' '.join(args)}: {result.stderr.decode().strip()}")
    return result.stdout


def archive_root(path: str) -> str:
    """The directory materialised for ``path``: all of ``examples/``, else the file's folder."""
    parts = Path(path).parts
    if parts[0] == "examples":
        return "examples"
    return str(Path(path).parent) if len(parts) > 1 else "."


def materialise(mirror: Path, commit: str, root: str, into: Path) -> None:
    data = git(mirror, "archive", "--format=tar", commit, root)
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(into, filter="data")
        else:  # pragma: no cover - Python < 3.11.4
            archive.extractall(into)


def normalise(message: str, trees: list[Path]) -> str:
    for tree in trees:
        message = message.replace(str(tree), "<tree>")
    message = re.sub(r"\blines? \d+(?:-\d+)?", "line #", message)
    return re.sub(r":\d+(?::\d+)?\b", ":#", message)


def run_dipcheck(files: list[Path], all_rules: bool, workdir: Path) -> dict[str, list[dict]]:
    command = [sys.executable, "-m", "dipcheck", "lint", "--format", "json", "--no-cache"]
    command += ["--isolated", "--no-env-checks", "--exit-zero", "--quiet"]
    if all_rules:
        command += ["--extend-select", "ALL"]
    command += [str(path) for path in files]
    result = subprocess.run(command, cwd=workdir, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise Failure(f"dipcheck exited {result.returncode}: {result.stderr.strip()[-2000:]}")
    report = json.loads(result.stdout)
    by_file: dict[str, list[dict]] = defaultdict(list)
    for diagnostic in report["diagnostics"]:
        by_file[str(Path(diagnostic["file"]).resolve())].append(diagnostic)
    return by_file


def line_map(before: list[str], after: list[str]) -> list[int]:
    """For each before line (1-based index), the after line it became (or where it was)."""
    mapping = [0] * (len(before) + 2)
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, _j2 in matcher.get_opcodes():
        for i in range(i1, i2):
            mapping[i + 1] = j1 + (i - i1) + 1 if tag == "equal" else j1 + 1
    mapping[len(before) + 1] = len(after) + 1
    return mapping


def pair_findings(pair: Pair) -> None:
    """Pair before/after findings with equal keys, closest mapped lines first."""
    before_lines = pair.before.file.read_text(encoding="utf-8", errors="replace").splitlines()
    after_lines = pair.after.file.read_text(encoding="utf-8", errors="replace").splitlines()
    mapping = line_map(before_lines, after_lines)

    def mapped(line: int) -> int:
        return mapping[min(max(line, 1), len(mapping) - 1)]

    by_key: dict[tuple[str, str], tuple[list[Finding], list[Finding]]] = defaultdict(
        lambda: ([], [])
    )
    for finding in pair.before.findings:
        by_key[finding.key][0].append(finding)
    for finding in pair.after.findings:
        by_key[finding.key][1].append(finding)
    for befores, afters in by_key.values():
        candidates = sorted(
            (abs(mapped(b.start) - a.start), bi, ai)
            for bi, b in enumerate(befores)
            for ai, a in enumerate(afters)
        )
        used_before: set[int] = set()
        used_after: set[int] = set()
        for _distance, bi, ai in candidates:
            if bi not in used_before and ai not in used_after:
                used_before.add(bi)
                used_after.add(ai)
        pair.gone += [b for bi, b in enumerate(befores) if bi not in used_before]
        pair.new += [a for ai, a in enumerate(afters) if ai not in used_after]


def at_location(finding: Finding, ranges: list[list[int]], tolerance: int) -> bool:
    return any(
        finding.start <= end + tolerance and finding.end >= start - tolerance
        for start, end in ranges
    )


def evaluate(defect: dict[str, Any], pair: Pair, tolerance: int) -> dict[str, Any]:
    gone_ids = {id(finding) for finding in pair.gone}
    locations = []
    for location in defect["locations"]:
        here = [f for f in pair.before.findings if at_location(f, location["lines"], tolerance)]
        hits = [f for f in here if id(f) in gone_ids]
        locations.append(
            {
                "what": location["what"],
                "hit": bool(hits),
                "codes": sorted({f.code for f in hits}),
                "kept": sorted({f.code for f in here if id(f) not in gone_ids}),
            }
        )
    hit = [location["hit"] for location in locations]
    need_all = defect.get("match", "all") == "all"
    if all(hit) if need_all else any(hit):
        status = "detected"
    elif any(hit):
        status = "partial"
    else:
        status = "missed"
    return {
        "id": defect["id"],
        "class": defect["class"],
        "status": status,
        "codes": sorted({code for location in locations for code in location["codes"]}),
        "kept": sorted({code for location in locations for code in location["kept"]}),
        "locations": locations,
    }


def load_dataset(path: Path, only: set[str] | None) -> list[dict[str, Any]]:
    try:
        defects = json.loads(path.read_text(encoding="utf-8"))["defects"]
    except (OSError, ValueError, KeyError) as error:
        raise Failure(f"cannot read the dataset {path}: {error}") from error
    if only:
        unknown = only - {defect["id"] for defect in defects}
        if unknown:
            raise Failure(f"unknown defect id(s): {', '.join(sorted(unknown))}")
        defects = [defect for defect in defects if defect["id"] in only]
    return defects


def check_locations(defect: dict[str, Any], before: Version) -> None:
    """Every range of the defect lies inside the before file (a dataset typo fails loudly)."""
    count = len(before.file.read_text(encoding="utf-8", errors="replace").splitlines())
    for location in defect["locations"]:
        for start, end in location["lines"]:
            if not 1 <= start <= end <= count:
                raise Failure(f"{defect['id']}: lines {start}-{end} not in {before.path}")


def measure(args: argparse.Namespace) -> dict[str, Any]:
    mirror: Path = args.mirror
    if not mirror.exists():
        raise Failure(f"tracker mirror not found at {mirror} (give its git dir with --mirror)")
    git(mirror, "rev-parse", "--git-dir")
    defects = load_dataset(args.dataset, set(args.only.split(",")) if args.only else None)

    with tempfile.TemporaryDirectory(prefix="real_fixes_") as scratch:
        work = Path(scratch).resolve()
        trees: dict[tuple[str, str], Path] = {}

        def version(commit: str, path: str) -> Version:
            root = archive_root(path)
            if (commit, root) not in trees:
                tree = work / f"{commit[:12]}-{len(trees)}"
                materialise(mirror, commit, root, tree)
                trees[commit, root] = tree
            found = Version(commit, path, trees[commit, root])
            if not found.file.is_file():
                raise Failure(f"{path} is not in {commit[:12]}")
            return found

        pairs: dict[tuple[str, str, str], Pair] = {}
        for defect in defects:
            identity = (defect["commit"], defect["path_before"], defect["path_after"])
            if identity not in pairs:
                pairs[identity] = Pair(
                    version(defect["parent"], defect["path_before"]),
                    version(defect["commit"], defect["path_after"]),
                )
            check_locations(defect, pairs[identity].before)
        versions = [v for pair in pairs.values() for v in (pair.before, pair.after)]
        files = sorted({v.file for v in versions})
        diagnostics = run_dipcheck(files, args.all_rules, work)
        tree_paths = sorted(set(trees.values()), key=lambda p: -len(str(p)))
        for v in versions:
            v.findings = [
                Finding(
                    d["code"],
                    d["severity"],
                    d["message"],
                    d["range"]["start"]["line"],
                    max(d["range"]["end"]["line"], d["range"]["start"]["line"]),
                    (d["code"], normalise(d["message"], tree_paths)),
                )
                for d in diagnostics.get(str(v.file.resolve()), [])
            ]
        for pair in pairs.values():
            pair_findings(pair)

        rows = []
        for defect in defects:
            pair = pairs[defect["commit"], defect["path_before"], defect["path_after"]]
            rows.append(evaluate(defect, pair, args.tolerance))
        new_errors = [
            {
                "commit": pair.after.commit,
                "path": pair.after.path,
                "code": finding.code,
                "line": finding.start,
                "message": normalise(finding.message, tree_paths),
            }
            for pair in pairs.values()
            for finding in pair.new
            if finding.severity == "error"
        ]

    by_class: dict[str, dict[str, int]] = defaultdict(
        lambda: {"detected": 0, "partial": 0, "total": 0}
    )
    for row in rows:
        counts = by_class[row["class"]]
        counts["total"] += 1
        if row["status"] in ("detected", "partial"):
            counts[row["status"]] += 1
    detected = sum(row["status"] == "detected" for row in rows)
    return {
        "rules": "all" if args.all_rules else "default",
        "tolerance": args.tolerance,
        "defects": len(rows),
        "detected": detected,
        "partial": sum(row["status"] == "partial" for row in rows),
        "recall": detected / len(rows) if rows else 0.0,
        "fix_pairs": len(pairs),
        "by_class": dict(sorted(by_class.items())),
        "rows": rows,
        "new_errors": new_errors,
    }


def print_text(result: dict[str, Any]) -> None:
    print(f"rules: {result['rules']}; location tolerance ±{result['tolerance']} lines\n")
    width = max((len(row["id"]) for row in result["rows"]), default=10)
    print(f"{'defect':<{width}}  {'class':<17}  {'status':<8}  codes (kept after fix)")
    for row in result["rows"]:
        codes = ",".join(row["codes"]) or "-"
        if row["kept"]:
            codes += f"  ({','.join(row['kept'])})"
        print(f"{row['id']:<{width}}  {row['class']:<17}  {row['status']:<8}  {codes}")
    print("\nper class (detected/total, partial):")
    for name, counts in result["by_class"].items():
        detected = f"{counts['detected']:>2}/{counts['total']:<2}"
        print(f"  {name:<17} {detected}  partial {counts['partial']}")
    print(
        f"\nrecall: {result['detected']}/{result['defects']} = {result['recall']:.0%}"
        f" (partial: {result['partial']})"
    )
    errors = result["new_errors"]
    print(f"new errors after fix: {len(errors)} (over {result['fix_pairs']} fix pairs)")
    for error in errors:
        print(
            f"  {error['commit'][:7]} {error['path']}:{error['line']} "
            f"{error['code']} {error['message']}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", type=Path, default=DEFAULT_MIRROR, help="tracker's git dir")
    parser.add_argument("--dataset", type=Path, default=DATASET, help="the defect list (JSON)")
    parser.add_argument("--all-rules", action="store_true", help="--extend-select ALL")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--only", help="comma-separated defect ids")
    parser.add_argument("--tolerance", type=int, default=TOLERANCE, help="lines (default 2)")
    args = parser.parse_args(argv)
    try:
        result = measure(args)
    except Failure as error:
        print(f"real_fixes: {error}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
    else:
        print_text(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())

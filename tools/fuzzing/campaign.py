"""The loop behind ``tools/fuzz.py``: make inputs, check them, keep what fails.

Input ``index`` of format ``fmt`` under seed ``seed`` is a pure function of the three (its
random generator is seeded with ``"{seed}:{fmt}:{index}"``), so a failure is replayed with
``--seed S --index I``. Each distinct problem is saved once, as a reproducer directory in
``out``: the input (minimized when that is quick), the problems with their tracebacks and the
command that replays it.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fuzzing import gen_dip, gen_dot, gen_plan, gen_yaml, lsp_stream
from fuzzing.mutate import Mutator
from fuzzing.seeds import Seeds
from fuzzing.values import chance, pick
from fuzzing.worker import Supervisor, Verdict

FILE_FORMATS = ("dip", "dot", "yaml", "plan")
FORMATS = (*FILE_FORMATS, "lsp")
DOT_DIALECTS = (None, "tracker", "attractor", "typed-outputs")


def default_out() -> Path:
    """Reproducers go outside the project: ``$XDG_CACHE_HOME/dipcheck-fuzz``."""
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache) / "dipcheck-fuzz"


@dataclass
class FileInput:
    name: str  # the file name it is linted under (its suffix picks the front-end)
    data: bytes
    dialect: str | None
    how: str  # "generated" or "mutated"


def file_input(fmt: str, rng: random.Random, seeds: Seeds) -> FileInput:
    """One input of a file format: generated, or a generated or seed text mutated."""
    dialect = None
    suffix = {"dip": ".dip", "dot": ".dot", "yaml": ".yaml", "plan": ".json"}[fmt]
    if fmt == "dip":
        text = gen_dip.workflow(rng)
    elif fmt == "dot":
        text, dialect = gen_dot.pipeline(rng)
    elif fmt == "yaml":
        text = gen_yaml.workflow(rng)
        suffix = pick(rng, (".yaml", ".yml"))
    else:
        text, suffix = gen_plan.plan(rng)
        dialect = "ordewell" if suffix == ".txt" else None
    if chance(rng, 0.5):
        return FileInput(
            "fuzz" + suffix, text.encode("utf-8", "surrogatepass"), dialect, "generated"
        )
    if seeds.of(fmt) and chance(rng, 0.4):
        text = pick(rng, seeds.of(fmt))
        if fmt == "dot":
            dialect = pick(rng, DOT_DIALECTS)
        if fmt == "plan" and not text.lstrip().startswith("{"):
            suffix, dialect = ".txt", "ordewell"
    data = Mutator(fmt, seeds.of(fmt) or seeds.everything).mutate(rng, text)
    return FileInput("fuzz" + suffix, data, dialect, "mutated")


def rng_for(seed: int, fmt: str, index: int) -> random.Random:
    return random.Random(f"{seed}:{fmt}:{index}")


@dataclass
class Failure:
    index: int
    problems: list[str]
    saved: Path | None = None


@dataclass
class Stats:
    fmt: str
    executions: int = 0
    failing_inputs: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    slowest_index: int = -1  # replay it with --index
    problems: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    findings: int = 0

    def line(self) -> str:
        rate = self.executions / self.seconds if self.seconds else 0.0
        return (
            f"{self.fmt}: {self.executions} inputs in {self.seconds:.0f} s ({rate:.1f}/s), "
            f"{self.failing_inputs} failing, {len(self.problems)} distinct problems, "
            f"slowest {self.slowest:.2f} s (#{self.slowest_index})"
        )


class Campaign:
    def __init__(
        self,
        seeds: Seeds,
        seed: int = 0,
        out: Path | None = None,
        budget: float = 20.0,
        memory_mb: int = 2048,
        minimize: bool = True,
        log: Callable[[str], None] = print,
    ) -> None:
        self.seeds = seeds
        self.seed = seed
        self.out = out
        self.budget = budget
        self.memory_mb = memory_mb
        self.minimize = minimize
        self.log = log
        self.supervisor = Supervisor(budget, memory_mb)
        self.directory = tempfile.mkdtemp(prefix="dipcheck-fuzz-lsp-")
        lsp_stream.prepare(self.directory)

    def close(self) -> None:
        self.supervisor.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def run(
        self,
        fmt: str,
        count: int | None = None,
        seconds: float | None = None,
        start: int = 0,
    ) -> Stats:
        stats = Stats(fmt)
        started = time.monotonic()
        index = start
        while True:
            if count is not None and index - start >= count:
                break
            if seconds is not None and time.monotonic() - started >= seconds:
                break
            problems, details, took, findings, payload = self.one(fmt, index)
            stats.executions += 1
            stats.findings += findings
            if took > stats.slowest:
                stats.slowest, stats.slowest_index = took, index
            if problems:
                stats.failing_inputs += 1
                fresh = [item for item in problems if item not in stats.problems]
                stats.problems.update(problems)
                failure = Failure(index, problems)
                if fresh and self.out is not None:
                    failure.saved = self.save(fmt, index, problems, details, payload)
                stats.failures.append(failure)
                if fresh:
                    self.log(f"  {fmt} #{index}: {'; '.join(fresh)}")
            index += 1
        stats.seconds = time.monotonic() - started
        return stats

    def one(self, fmt: str, index: int) -> tuple[list[str], list[str], float, int, object]:
        rng = rng_for(self.seed, fmt, index)
        if fmt == "lsp":
            session = lsp_stream.session(rng, self.seeds, self.directory)
            result = lsp_stream.run(session, self.directory, self.budget, self.memory_mb)
            return result.problems, result.details, result.seconds, result.requests, session
        item = file_input(fmt, rng, self.seeds)
        verdict = self.supervisor.check(item.name, item.data, item.dialect)
        return verdict.problems, verdict.details, verdict.seconds, verdict.findings, item

    # -- reproducers ------------------------------------------------------------------------

    def save(
        self, fmt: str, index: int, problems: list[str], details: list[str], payload: object
    ) -> Path:
        assert self.out is not None
        folder = self.out / f"{fmt}-seed{self.seed}-{index}"
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        replay = f"tools/fuzz.py --format {fmt} --seed {self.seed} --index {index}"
        report = [*problems, "", f"replay: {replay}", ""]
        if isinstance(payload, FileInput):
            (folder / payload.name).write_bytes(payload.data)
            report.insert(0, f"file: {payload.name} ({payload.how}, dialect {payload.dialect})")
            if self.minimize:
                small = self.shrink(payload, problems[0])
                if small is not None and len(small) < len(payload.data):
                    (folder / ("min-" + payload.name)).write_bytes(small)
                    report.insert(1, f"minimized: min-{payload.name} ({len(small)} bytes)")
        elif isinstance(payload, lsp_stream.Session):
            stream = b"".join(frame.data for frame in payload.frames)
            (folder / "session.bin").write_bytes(stream)
            report.insert(0, "stream: session.bin (the bytes written to `dipcheck lsp`)")
        (folder / "report.txt").write_text("\n".join([*report, *details]) + "\n", encoding="utf-8")
        return folder

    def shrink(self, item: FileInput, problem: str, tries: int = 150) -> bytes | None:
        """Delete lines, then runs of bytes, while ``problem`` stays (at most ``tries``
        checks and a minute or so)."""
        deadline = time.monotonic() + max(30.0, self.budget * 3)
        left = [tries]

        def still(data: bytes) -> bool:
            if left[0] <= 0 or time.monotonic() > deadline:
                raise _Spent
            left[0] -= 1
            verdict: Verdict = self.supervisor.check(item.name, data, item.dialect)
            return problem in verdict.problems

        best = [item.data]

        def keep(data: bytes) -> bool:
            if still(data):
                best[0] = data
                return True
            return False

        try:
            lines = _without_chunks(item.data.split(b"\n"), lambda parts: keep(b"\n".join(parts)))
            _without_chunks(b"\n".join(lines), keep)
        except _Spent:
            pass
        return best[0]


class _Spent(Exception):
    """The minimizer's budget is used up."""


def _without_chunks(parts: Any, still: Callable[[Any], bool]) -> Any:
    """Delta debugging by halves: drop each chunk of ``parts`` (a list or bytes) whose removal
    keeps ``still`` true, halving the chunk size down to one."""
    chunk = max(1, len(parts) // 2)
    while chunk >= 1:
        position = 0
        while position < len(parts):
            candidate = parts[:position] + parts[position + chunk :]
            if candidate and still(candidate):
                parts = candidate
            else:
                position += chunk
        chunk //= 2
    return parts

"""Seed texts: the project's ``fixtures/`` and, when it is there, ``../shared/corpus`` (real
tracker and Attractor workflows). They are read at run time and never copied into the
project; a missing corpus only means fewer seeds."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
FIXTURES = PROJECT / "fixtures"
CORPUS = PROJECT.parent / "shared" / "corpus"
SUFFIXES = {
    "dip": (".dip",),
    "dot": (".dot",),
    "yaml": (".yaml", ".yml"),
    "plan": (".json", ".txt"),
}
MAX_SEED_BYTES = 200_000


@dataclass
class Seeds:
    """Seed texts by format, and every seed text (splicing crosses formats now and then)."""

    by_format: dict[str, list[str]] = field(default_factory=dict)
    everything: list[str] = field(default_factory=list)
    files: int = 0

    def of(self, fmt: str) -> list[str]:
        return self.by_format.get(fmt, [])


def _read(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_SEED_BYTES:
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def load(roots: tuple[Path, ...] = (FIXTURES, CORPUS)) -> Seeds:
    seeds = Seeds({fmt: [] for fmt in SUFFIXES})
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if not path.is_file():
                continue
            text = _read(path)
            if text is None:
                continue
            seeds.files += 1
            seeds.everything.append(text)
            for fmt, suffixes in SUFFIXES.items():
                if path.name.lower().endswith(suffixes):
                    if fmt == "plan" and path.parent.name != "ordewell":
                        continue  # other JSON (tests, schemas) is splice material only
                    seeds.by_format[fmt].append(text)
    return seeds

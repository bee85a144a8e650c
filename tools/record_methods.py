"""Write ``dipcheck/_record_methods.py``: the methods of every record class of dipcheck and its
language server, compiled ahead of time (see ``dipcheck.records``).

    python tools/record_methods.py            # after adding or changing a record class
    python tools/record_methods.py --check    # exit 1 when the file is not current
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(PROJECT), str(PROJECT / "lsp")]  # this checkout's packages, installed or not

import dipcheck  # noqa: E402
from dipcheck import records  # noqa: E402
from dipcheck.rules import registry  # noqa: E402

TABLE = Path(dipcheck.__file__).parent / "_record_methods.py"


def wanted() -> tuple[str, int]:
    """The file's text, made from every module of the two packages, and its method count."""
    registry.all_rules()  # (the rule modules, in the order their rules must be declared)
    for package in ("dipcheck", "dipcheck_lsp"):
        root = importlib.import_module(package)
        for found in pkgutil.walk_packages(root.__path__, f"{package}."):
            if not found.name.endswith(("__main__", "._record_methods")):
                importlib.import_module(found.name)
    sources = []
    for text in records._SOURCES:
        source, scope = text()
        sources.append((source, scope.keys()))
    return records.ahead_of_time_module(sources), len({source for source, _ in sources})


def main(argv: list[str]) -> int:
    text, count = wanted()
    current = TABLE.read_text(encoding="utf-8") if TABLE.is_file() else None
    if "--check" in argv:
        if current != text:
            print(f"{TABLE} is not current: run python tools/record_methods.py")
            return 1
        return 0
    if current != text:
        TABLE.write_text(text, encoding="utf-8")
    print(f"{TABLE}: {count} methods")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

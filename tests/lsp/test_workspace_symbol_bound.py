"""The workspace-symbol index searches at most ``MAX_FILES`` workflow files (in the order the
folders are walked) and says so once in the log when a workspace holds more: a folder of a
hundred thousand vendored workflows took 52 s to parse and 9 s to walk at every request."""

from __future__ import annotations

from pathlib import Path

import pytest
from dipcheck_lsp import workspace_symbols

SINGLE = "workflow W{n}\n  start: N{n}\n  exit: N{n}\n\n  agent N{n}\n    label: N{n}\n"
NOTE = (
    "workspace symbols: the workspace holds more than 3 workflow files; only the first 3 are "
    "searched (open a file to search it, or leave folders out with `exclude` in dipcheck.toml)"
)


def write(folder: Path, count: int) -> None:
    for n in range(count):
        (folder / f"f{n}.dip").write_text(SINGLE.format(n=n), encoding="utf-8")


def names(found: list) -> list[str]:
    return sorted(item.name for item in found)


def test_the_walk_stops_at_the_limit_and_says_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workspace_symbols, "MAX_FILES", 3)
    write(tmp_path, 5)
    index = workspace_symbols.Index("utf-16")

    found, note = index.scan([str(tmp_path)], set())
    assert names(found) == ["N0", "N1", "N2", "W0", "W1", "W2"]
    assert note == NOTE
    assert sorted(Path(path).name for path in index.files) == ["f0.dip", "f1.dip", "f2.dip"]

    found, note = index.scan([str(tmp_path)], set())  # still cut: not said again
    assert names(found) == ["N0", "N1", "N2", "W0", "W1", "W2"]
    assert note is None

    for n in (3, 4):
        (tmp_path / f"f{n}.dip").unlink()
    found, note = index.scan([str(tmp_path)], set())
    assert names(found) == ["N0", "N1", "N2", "W0", "W1", "W2"]
    assert note is None
    assert not index.cut

    write(tmp_path, 4)  # past the limit again: said again
    assert index.scan([str(tmp_path)], set())[1] == NOTE


def test_the_limit_counts_the_files_of_every_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workspace_symbols, "MAX_FILES", 3)
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    write(first, 2)
    (second / "g.dip").write_text(SINGLE.format(n=9), encoding="utf-8")
    found, note = workspace_symbols.Index("utf-16").scan([str(first), str(second)], set())
    assert names(found) == ["N0", "N1", "N9", "W0", "W1", "W9"]
    assert note is None  # exactly at the limit: nothing left out

    (second / "h.dip").write_text(SINGLE.format(n=8), encoding="utf-8")
    found, note = workspace_symbols.Index("utf-16").scan([str(first), str(second)], set())
    assert names(found) == ["N0", "N1", "N9", "W0", "W1", "W9"]  # g.dip, not h.dip
    assert note == NOTE

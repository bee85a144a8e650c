"""A byte-order mark at the start of a `.dot` file: tracker's DOT parser (gographviz) reads it
as part of the first word and refuses the file ("DOT parse error: Error in S0:
id(18,\\ufeffdigraph) … expected one of: graph strict digraph", tracker v0.64 with gographviz
v2.0.3, session 29's harness file c/bom.dot). Every other format has the mark skipped."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

from helpers import Finding, as_finding, dedent, dipcheck

from dipcheck.config import parse_config
from dipcheck.engine import lint_text

BOM = codecs.BOM_UTF8
PIPELINE = dedent(
    """
    digraph P {
      start [shape=Mdiamond]
      work [shape=box, prompt="Plan the work", llm_modle="x"]
      done [shape=Msquare]
      start -> work -> done
    }
    """
)


def _findings(folder: Path, *names: str, options: tuple[str, ...] = ()) -> list[tuple[object, ...]]:
    """(code, severity, start, end, message) of each finding of a `dipcheck lint` process."""
    run = dipcheck("lint", "--isolated", *options, "--format", "json", *names, cwd=folder)
    assert run.returncode in (0, 1), run.stderr
    return [
        (
            item["code"],
            item["severity"],
            (item["range"]["start"]["line"], item["range"]["start"]["column"]),
            (item["range"]["end"]["line"], item["range"]["end"]["column"]),
            item["message"],
        )
        for item in json.loads(run.stdout)["diagnostics"]
    ]


UNKNOWN = ("DC004", "warning", (3, 44), (3, 53))  # `llm_modle`, the file's own finding


def test_a_marked_dot_file_is_refused_and_still_linted(tmp_path: Path) -> None:
    (tmp_path / "p.dot").write_bytes(BOM + PIPELINE.encode("utf-8"))
    found = _findings(tmp_path, "p.dot", options=("--no-cache",))
    assert [item[:4] for item in found] == [("DC011", "error", (1, 1), (1, 2)), UNKNOWN]
    assert str(found[0][4]).startswith(
        "the file starts with a byte-order mark (U+FEFF): tracker's DOT parser (gographviz) "
        "reads it as part of the first word and refuses the file"
    )
    # the twin: the same file without the mark has only its own finding
    (tmp_path / "p.dot").write_bytes(PIPELINE.encode("utf-8"))
    assert _findings(tmp_path, "p.dot", options=("--no-cache",)) == found[1:]


def test_the_mark_in_the_text_gives_the_same_finding_in_process() -> None:
    found = [as_finding(item) for item in lint_text("\ufeff" + PIPELINE, "p.dot").diagnostics]
    assert found == [
        Finding("DC011", "error", (1, 1), (1, 2), "\ufeff"),
        Finding(*UNKNOWN, "llm_modle"),
    ]
    assert [as_finding(item) for item in lint_text(PIPELINE, "p.dot").diagnostics] == found[1:]


def test_attractor_engines_and_other_formats_are_not_told_about_a_mark(tmp_path: Path) -> None:
    # what those loaders do with a mark is not known to be a refusal: the mark is a blank
    attractor = parse_config({"dialect": {"*.dot": "attractor"}}, "dipcheck.toml")
    marked = lint_text("\ufeff" + PIPELINE, "p.dot", attractor).diagnostics
    unmarked = lint_text(PIPELINE, "p.dot", attractor).diagnostics
    assert [item.code for item in marked] == [item.code for item in unmarked]
    assert "DC011" not in [item.code for item in marked]
    dip = "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: hi\n"
    (tmp_path / "w.dip").write_bytes(BOM + dip.encode("utf-8"))
    (tmp_path / "v.dip").write_bytes(dip.encode("utf-8"))
    assert _findings(tmp_path, "w.dip", options=("--no-cache",)) == _findings(
        tmp_path, "v.dip", options=("--no-cache",)
    )


def test_a_cached_result_goes_when_the_mark_goes(tmp_path: Path) -> None:
    # the result cache compares the text it linted: a mark removed is a changed file
    (tmp_path / "p.dot").write_bytes(BOM + PIPELINE.encode("utf-8"))
    first = _findings(tmp_path, "p.dot")
    assert [item[:4] for item in first] == [("DC011", "error", (1, 1), (1, 2)), UNKNOWN]
    assert _findings(tmp_path, "p.dot") == first  # (answered from the cache)
    assert (tmp_path / ".dipcheck_cache").is_dir()
    (tmp_path / "p.dot").write_bytes(PIPELINE.encode("utf-8"))
    assert _findings(tmp_path, "p.dot") == first[1:]


def test_fix_keeps_the_mark_of_a_dot_file(tmp_path: Path) -> None:
    # the file's text holds the mark: the atomic write must neither call it changed by someone
    # else nor write a second mark
    text = PIPELINE.rstrip("\n") + "\n// end"  # a last-line comment: its safe fix adds "\n"
    (tmp_path / "p.dot").write_bytes(BOM + text.encode("utf-8"))
    run = dipcheck("lint", "--isolated", "--no-cache", "--fix", "p.dot", cwd=tmp_path)
    assert run.returncode == 1, run.stderr  # (DC011 has no fix)
    assert (tmp_path / "p.dot").read_bytes() == BOM + (text + "\n").encode("utf-8")
    assert "changed" not in run.stderr.lower()

"""What `dipcheck fmt` does with files it cannot format (issue 19 §2): DOT and YAML files named
on the command line, byte-order marks, bytes that are not UTF-8, broken files (refused exactly
when the linter reports a syntax error), and the project's own fixtures."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import CORPUS, FIXTURES, dedent, dipcheck

from dipcheck.engine import lint_text
from dipcheck.formatter import FormatError, format_dip

MESSY = dedent(
    """
    workflow   Messy
      start: A
      exit: A
      agent   A
        prompt: hi
    """
)
TIDY = MESSY.replace("workflow   Messy", "workflow Messy").replace("agent   A", "agent A")


@pytest.mark.parametrize("name", ["dot/review.dot", "steps/spec_driven.yaml"])
def test_a_named_dot_or_yaml_file_is_refused_not_called_formatted(
    tmp_path: Path, name: str
) -> None:
    target = tmp_path / Path(name).name
    original = (FIXTURES / name).read_bytes()
    target.write_bytes(original)
    for extra, verb in (((), "reformatted"), (("--check",), "would be reformatted")):
        result = dipcheck("fmt", *extra, target.name, cwd=tmp_path)
        assert result.returncode == 2
        assert result.stderr.splitlines() == [
            f"dipcheck fmt: {target.name}: not a .dip file: fmt formats .dip workflows only (DOT "
            "and YAML files are left as they are); not formatted",
            f"0 files {verb}, 0 already formatted, 1 could not be formatted",
        ]
    assert target.read_bytes() == original


def test_a_directory_walk_formats_the_dip_files_and_skips_the_rest_quietly(
    tmp_path: Path,
) -> None:
    (tmp_path / "review.dot").write_bytes((FIXTURES / "dot" / "review.dot").read_bytes())
    (tmp_path / "flow.dip").write_text(MESSY)
    result = dipcheck("fmt", ".", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "1 file reformatted, 0 already formatted\n")
    assert (tmp_path / "flow.dip").read_text() == TIDY


def test_a_byte_order_mark_is_kept_and_the_file_formatted(tmp_path: Path) -> None:
    path = tmp_path / "bom.dip"
    path.write_bytes(b"\xef\xbb\xbf" + MESSY.encode())
    result = dipcheck("fmt", path.name, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "1 file reformatted, 0 already formatted\n")
    assert path.read_bytes() == b"\xef\xbb\xbf" + TIDY.encode()
    assert format_dip("\ufeff" + TIDY) == "\ufeff" + TIDY  # and it is then formatted


def test_bytes_that_are_not_utf8_get_a_message_not_a_codec_error(tmp_path: Path) -> None:
    path = tmp_path / "latin.dip"
    path.write_bytes(TIDY.encode() + b"  # caf\xe9\n")
    result = dipcheck("fmt", path.name, cwd=tmp_path)
    assert result.returncode == 2
    offset = len(TIDY.encode()) + len("  # caf")
    assert result.stderr.splitlines()[0] == (
        f"dipcheck fmt: latin.dip: not UTF-8: byte {offset} (0xe9) cannot be decoded; save the "
        "file as UTF-8; not formatted"
    )
    assert "codec" not in result.stderr
    raw = dipcheck_bytes(["fmt", "-"], TIDY.encode() + b"\xff\n", tmp_path)
    assert raw.returncode == 2
    assert b"not UTF-8: byte" in raw.stderr and b"codec" not in raw.stderr


def dipcheck_bytes(args: list[str], data: bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", *args],
        input=data,
        capture_output=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def _refused(text: str) -> bool:
    try:
        format_dip(text)
    except FormatError:
        return True
    return False


def _syntax_error(text: str) -> bool:
    result = lint_text(text, "<fmt>.dip")
    return any(
        item.code == "DC001" and item.span.source is result.source for item in result.diagnostics
    )


def test_a_node_declared_twice_with_an_empty_body_is_refused_like_any_syntax_error() -> None:
    broken = TIDY.replace("  agent A\n", "  agent A\n  agent A\n")
    assert _syntax_error(broken)
    with pytest.raises(FormatError, match="syntax errors"):
        format_dip(broken)
    assert not _refused(TIDY)  # the passing twin


def test_fmt_refuses_exactly_the_files_the_linter_finds_syntax_errors_in() -> None:
    files = sorted(FIXTURES.rglob("*.dip"))
    if CORPUS.is_dir():
        files += sorted(CORPUS.rglob("*.dip"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _refused(text) == _syntax_error(text), path
        # every line removed or doubled: a broken result is refused, a sound one formatted
        if path.parent == FIXTURES:
            lines = text.split("\n")
            for index in range(len(lines)):
                for variant in (
                    lines[:index] + lines[index + 1 :],
                    [*lines[:index], lines[index], *lines[index:]],
                ):
                    mutated = "\n".join(variant)
                    assert _refused(mutated) == _syntax_error(mutated), (path, index)


def test_fmt_check_on_the_project_reformats_nothing() -> None:
    # (it failed: fixtures/diff/v4.dip is v3 in another layout and fixtures/broken/syntax.dip
    # has syntax errors, both on purpose; pyproject.toml's `[tool.dipcheck.format] exclude`
    # now names them, as a project names its own such files)
    for where in ("fixtures/", "."):
        result = dipcheck("fmt", "--check", where)
        assert (result.returncode, result.stdout) == (0, ""), result.stderr
        assert re.fullmatch(r"0 files would be reformatted, \d+ already formatted\n", result.stderr)
    # the twin: named on the command line, an excluded file is formatted (as ruff does)
    named = dipcheck("fmt", "--check", "fixtures/diff/v4.dip", "fixtures/broken/syntax.dip")
    assert named.returncode == 2
    assert named.stdout == "would reformat fixtures/diff/v4.dip\n"
    assert named.stderr.splitlines() == [
        "dipcheck fmt: fixtures/broken/syntax.dip: the file has syntax errors (`dipcheck lint` "
        "shows them); not formatted",
        "1 file would be reformatted, 0 already formatted, 1 could not be formatted",
    ]


def test_format_exclude_skips_files_in_directory_walks_only_and_lint_still_reads_them(
    tmp_path: Path,
) -> None:
    (tmp_path / "dipcheck.toml").write_text('[format]\nexclude = ["odd/*"]\n')
    (tmp_path / "odd").mkdir()
    (tmp_path / "odd" / "messy.dip").write_text(MESSY)
    (tmp_path / "flow.dip").write_text(MESSY)
    result = dipcheck("fmt", ".", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "1 file reformatted, 0 already formatted\n")
    assert (tmp_path / "flow.dip").read_text() == TIDY
    assert (tmp_path / "odd" / "messy.dip").read_text() == MESSY
    # lint's directory walk is not changed by it (the top-level `exclude` is lint's and fmt's)
    linted = dipcheck("lint", "--no-cache", "--format", "json", ".", cwd=tmp_path)
    assert json.loads(linted.stdout)["files"] == ["./flow.dip", "./odd/messy.dip"]
    # named, it is formatted
    named = dipcheck("fmt", "odd/messy.dip", cwd=tmp_path)
    assert (named.returncode, (tmp_path / "odd" / "messy.dip").read_text()) == (0, TIDY)
    # named beside the folder that holds it too, whichever comes first: formatted once
    for order in ((".", "odd/messy.dip"), ("odd/messy.dip", ".")):
        (tmp_path / "odd" / "messy.dip").write_text(MESSY)
        both = dipcheck("fmt", *order, cwd=tmp_path)
        assert (tmp_path / "odd" / "messy.dip").read_text() == TIDY
        assert both.stderr == "1 file reformatted, 1 already formatted\n"
    # `--show-settings` shows the table, and a misspelt key in it is a configuration error
    shown = dipcheck("lint", "--show-settings", "--format", "json", "flow.dip", cwd=tmp_path)
    assert json.loads(shown.stdout)["settings"]["format"] == {"exclude": ["odd/*"]}
    (tmp_path / "dipcheck.toml").write_text('[format]\nexlude = ["odd/*"]\n')
    broken = dipcheck("lint", "flow.dip", cwd=tmp_path)
    assert broken.returncode == 2
    assert "dipcheck.toml: format: unknown key(s) 'exlude' (known: exclude)\n" in broken.stderr


def test_check_and_diff_on_standard_input_write_nothing_and_say_whether_it_would_change(
    tmp_path: Path,
) -> None:
    # (`fmt --check -` printed the formatted text and exited 0, whatever it was given)
    checked = dipcheck("fmt", "--check", "-", stdin=MESSY, cwd=tmp_path)
    assert (checked.returncode, checked.stdout, checked.stderr) == (
        1,
        "would reformat <stdin>\n",
        "",
    )
    diffed = dipcheck("fmt", "--diff", "-", stdin=MESSY, cwd=tmp_path)
    assert diffed.returncode == 1
    assert diffed.stdout.splitlines()[:2] == ["--- <stdin>", "+++ <stdin> (formatted)"]
    assert "-workflow   Messy" in diffed.stdout.splitlines()
    assert "+workflow Messy" in diffed.stdout.splitlines()
    # the passing twins: formatted text gives nothing and exit 0; without a flag, the text
    for flag in ("--check", "--diff"):
        tidy = dipcheck("fmt", flag, "-", stdin=TIDY, cwd=tmp_path)
        assert (tidy.returncode, tidy.stdout, tidy.stderr) == (0, "", "")
    plain = dipcheck("fmt", "-", stdin=MESSY, cwd=tmp_path)
    assert (plain.returncode, plain.stdout) == (0, TIDY)


def test_a_tree_without_dip_files_is_said_to_have_nothing_formatted(tmp_path: Path) -> None:
    # (it said "0 files reformatted, 0 already formatted", as if it had checked something)
    (tmp_path / "review.dot").write_bytes((FIXTURES / "dot" / "review.dot").read_bytes())
    for extra in ((), ("--check",)):
        result = dipcheck("fmt", *extra, ".", cwd=tmp_path)
        assert (result.returncode, result.stdout, result.stderr) == (
            0,
            "",
            "dipcheck fmt: warning: no .dip file found in .: nothing was formatted (fmt "
            "formats .dip workflows only)\n",
        )
    (tmp_path / "flow.dip").write_text(TIDY)  # the twin: one file found
    found = dipcheck("fmt", "--check", ".", cwd=tmp_path)
    assert (found.returncode, found.stderr) == (
        0,
        "0 files would be reformatted, 1 already formatted\n",
    )

"""The command line, run as a process the way users and CI run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FIXTURES, PROJECT, dipcheck

from dipcheck.report.contract import LintDocument
from dipcheck.rules import registry

BROKEN = "fixtures/broken/structure.dip"


def _workflow(tmp_path: Path) -> Path:
    path = tmp_path / "w.dip"
    path.write_text(
        "workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: Plan.\n"
        "    max_turns: \u221e\n  agent B\n    label: B\n  edges\n    A -> Bee\n"
        "    A -> B  on fail\n",
        encoding="utf-8",
    )
    return path


# -- text output ------------------------------------------------------------------------------


def test_text_output_shape(tmp_path: Path) -> None:
    _workflow(tmp_path)
    result = dipcheck("lint", "--isolated", "w.dip", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == ""
    assert result.stdout == (
        "error[DC005]: invalid integer '\u221e' for `max_turns`\n"
        " --> w.dip:6:16\n"
        "  |\n"
        "6 |     max_turns: \u221e\n"
        "  |                ^\n"
        "  = help: Write the value in the form the field takes, as the message says: a "
        "duration (30s, 5m, 1h30m), true/false, a number, or one of the names it lists.\n"
        "\n"
        "error[DIP003]: edge target `Bee` is not a declared node (did you mean `B`?)\n"
        "  --> w.dip:10:10\n"
        "   |\n"
        "10 |     A -> Bee\n"
        "   |          ^^^\n"
        "   = unsafe fix: change to `B`\n"
        "   = help: Correct the node id or declare the node.\n"
        "\n"
        "Found 2 errors in 1 file (1 file checked).\n"
        "[*] 1 fixable with `--fix --unsafe-fixes`.\n"
    )


def test_no_fix_applied_says_how_many_fixes_to_review_unsafe_fixes_would_apply(
    tmp_path: Path,
) -> None:
    # (it said only "No fixes available." just after offering one with --unsafe-fixes)
    _workflow(tmp_path)
    for flag, said in (("--diff", "No fixes available"), ("--fix", "Nothing fixed")):
        result = dipcheck("lint", "--isolated", flag, "w.dip", cwd=tmp_path)
        assert result.stderr == (
            f"{said} (1 fix to review can be applied with `--unsafe-fixes`).\n"
        ), flag
    # the twins: with --unsafe-fixes it is applied; with no fix at all, nothing more is said
    shown = dipcheck("lint", "--isolated", "--diff", "--unsafe-fixes", "w.dip", cwd=tmp_path)
    assert shown.stderr == "Would fix 1 finding in 1 file.\n"
    (tmp_path / "w.dip").write_text(
        "workflow W\n  start: A\n  exit: A\n  agent A\n    max_turns: x\n"
    )
    plain = dipcheck("lint", "--isolated", "--diff", "w.dip", cwd=tmp_path)
    assert plain.stderr == "No fixes available.\n"


def test_text_output_multi_line_range_and_related_note(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_text(
        "notes that are not a comment\n  and more notes\nworkflow W\n  start: A\n  exit: A\n"
        "  agent A\n    label: A\n  agent A\n    label: again\n"
    )
    result = dipcheck("lint", "--isolated", "--select", "DC007,DIP008", "w.dip", cwd=tmp_path)
    assert result.returncode == 1
    blocks = result.stdout.split("\n\n")
    assert blocks[0] == (
        "warning[DC007]: text outside the workflow declaration is ignored by the parser\n"
        " --> w.dip:1:1\n"
        "  |\n"
        "1 | notes that are not a comment\n"
        "  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ …\n"
        "  = help: Delete the text or turn it into a `#` comment."
    )
    assert blocks[1].splitlines()[:6] == [
        "error[DIP008]: node `A` is declared more than once",
        " --> w.dip:8:9",
        "  |",
        "8 |   agent A",
        "  |         ^",
        "  = note: first declared here (w.dip:6:9)",
    ]
    assert blocks[-1] == "Found 1 error, 1 warning in 1 file (1 file checked).\n"


def _long_prompt(tmp_path: Path, prompt: str) -> None:
    (tmp_path / "w.yaml").write_text(
        f'name: x\nsteps:\n  - name: s\n    agent: dev\n    prompt: "{prompt}"\n',
        encoding="utf-8",
    )


def test_text_snippet_of_a_long_line_is_cut_around_the_finding(tmp_path: Path) -> None:
    _long_prompt(tmp_path, "x" * 300 + " {{ a }} " + "y" * 300)
    result = dipcheck("lint", "--isolated", "--select", "L11", "w.yaml", cwd=tmp_path)
    assert result.stdout.splitlines()[1:5] == [
        " --> w.yaml:5:315",
        "  |",
        "5 | …" + "x" * 59 + " {{ a }} " + "y" * 92 + "…",
        "  | " + " " * 61 + "^^^^^^^",
    ]


def test_text_snippet_carets_stand_under_the_text_after_wide_and_combining_characters(
    tmp_path: Path,
) -> None:
    # a wide character takes two columns and a combining accent none: the carets were
    # placed by counting code points, three columns left of `{{ a }}` after 😀漢字, two
    # right of it after two decomposed é
    for before, lead in (("😀漢字", 6), ("e\u0301e\u0301", 2), ("ab", 2)):
        _long_prompt(tmp_path, f"{before} {{{{ a }}}}")
        result = dipcheck("lint", "--isolated", "--select", "L11", "w.yaml", cwd=tmp_path)
        assert result.stdout.splitlines()[3:5] == [
            f'5 |     prompt: "{before} {{{{ a }}}}"',
            "  |              " + " " * (lead + 1) + "^^^^^^^",
        ], before


def test_text_snippet_cuts_a_finding_longer_than_it_shows(tmp_path: Path) -> None:
    name = "a" * 400
    _long_prompt(tmp_path, f"{{{{ {name} }}}}")
    result = dipcheck("lint", "--isolated", "--select", "L11", "w.yaml", cwd=tmp_path)
    assert result.stdout.splitlines()[3:5] == [
        '5 |     prompt: "{{ ' + "a" * 144 + "…",
        "  |              " + "^" * 147 + " …",
    ]


def test_text_report_stays_linear_in_a_line_full_of_findings(tmp_path: Path) -> None:
    # 1000 findings on one line of 7000 characters (found by tools/fuzz.py, issue 19 §4: a
    # snippet of the whole line per finding took memory quadratic in the line)
    _long_prompt(tmp_path, "{{ a }}" * 1000)
    result = dipcheck("lint", "--isolated", "--select", "L11", "w.yaml", cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert sum(line.startswith("error[L11]") for line in lines) == 1000
    assert max(len(line) for line in lines) <= 170
    assert len(result.stdout) < 1000 * 700


def test_clean_file_exit_zero_and_summary() -> None:
    result = dipcheck("lint", "fixtures/review_loop.dip")
    assert (result.returncode, result.stdout) == (0, "All checks passed (1 file checked).\n")


def test_concise_format() -> None:
    result = dipcheck("lint", "--isolated", "--format", "concise", "--select", "DIP003", BROKEN)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (
        f"{BROKEN}:35:13: DIP003 [error] edge target `Wrk` is not a declared node "
        # never the edge's own source `Work` (a self-loop), and no fix: `Work -> Fork` is
        # declared already (the fix made a duplicate edge)
        "(did you mean `Fork`? that edge is declared already: remove this one, or name "
        "another node)"
    )


def test_color_always_uses_ansi_and_auto_does_not_on_a_pipe() -> None:
    assert "\x1b[" in dipcheck("lint", "--color", "always", BROKEN).stdout
    assert "\x1b[" not in dipcheck("lint", BROKEN).stdout


# -- exit status --------------------------------------------------------------------------------


def test_exit_status_one_on_errors_and_fail_on_levels(tmp_path: Path) -> None:
    assert dipcheck("lint", BROKEN).returncode == 1
    assert dipcheck("lint", "--exit-zero", BROKEN).returncode == 0
    warning_only = tmp_path / "w.dip"
    warning_only.write_text("---\nworkflow W\n  start: A\n  exit: A\n  agent A\n    label: A\n")
    assert dipcheck("lint", "--isolated", str(warning_only)).returncode == 0
    assert dipcheck("lint", "--isolated", "--fail-on", "warning", str(warning_only)).returncode == 1


def test_exit_status_two_for_a_bad_select() -> None:
    result = dipcheck("lint", "--select", "NOPE999", BROKEN)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "dipcheck: error: --select: no rule matches 'NOPE999'\n"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ("lint", "--select", "DIPP005"),
            "dipcheck: error: --select: no rule matches 'DIPP005' (did you mean `DIP005`?)\n",
        ),
        (
            ("lint", "--ignore", "unsafe-tool-comand-key"),
            "dipcheck: error: --ignore: no rule matches 'unsafe-tool-comand-key' (did you mean "
            "`unsafe-tool-command-key`?)\n",
        ),
        (
            ("rule", "dc1o1"),
            "dipcheck rule: no rule 'dc1o1' (did you mean `DC101`?); `dipcheck rule --all` lists "
            "them\n",
        ),
    ],
)
def test_a_misspelt_rule_gets_a_suggestion(words: tuple[str, ...], message: str) -> None:
    result = dipcheck(*words, *([BROKEN] if words[0] == "lint" else []))
    assert (result.returncode, result.stdout, result.stderr) == (2, "", message)


LONG = "Q" * 100_000  # near the longest one argument may be on Linux (128 KiB)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("lint", "--select", LONG), "dipcheck: error: --select: no rule matches "),
        (
            ("lint", "--extend-select", "DC1," + LONG),
            "dipcheck: error: --extend-select: no rule matches ",
        ),
        (
            ("lint", "--target-version", LONG),
            "dipcheck: error: --target-version: unknown target version ",
        ),
        (("rule", LONG), "dipcheck rule: no rule "),
    ],
)
def test_a_long_unknown_value_is_quoted_in_part(words: tuple[str, ...], message: str) -> None:
    """A 100,000-character selector, rule name or version made an error message as long; the
    message now quotes its first 60 characters and says how long it is."""
    result = dipcheck(*words, *([BROKEN] if words[0] == "lint" else []))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith(message + repr("Q" * 60) + "… (100000 characters)")
    assert len(result.stderr) < 300


def test_exit_status_two_for_a_missing_path() -> None:
    result = dipcheck("lint", "no/such/file.dip")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "no/such/file.dip: no such file or directory" in result.stderr


def test_exit_status_two_for_a_bad_option_value() -> None:
    assert dipcheck("lint", "--format", "xml", BROKEN).returncode == 2


def test_select_and_ignore_by_code_name_and_prefix() -> None:
    def codes(*args: str) -> set[str]:
        document = json.loads(dipcheck("lint", "--format", "json", *args, BROKEN).stdout)
        return {item["code"] for item in document["diagnostics"]}

    every = codes()
    assert {"DIP001", "DIP003", "DIP006", "DIP007", "DIP008", "DIP009", "DIP010"} <= every
    assert codes("--select", "DIP003") == {"DIP003"}
    assert codes("--select", "duplicate-edge,exit-has-outgoing-edges") == {"DIP006", "DIP009"}
    assert codes("--select", "DIP00") == {code for code in every if code.startswith("DIP00")}
    assert codes("--ignore", "DIP0") == {code for code in every if not code.startswith("DIP0")}


# -- standard input -----------------------------------------------------------------------------


def test_stdin_with_stdin_filename() -> None:
    text = (PROJECT / BROKEN).read_text()
    result = dipcheck(
        "lint",
        "-",
        "--stdin-filename",
        BROKEN,
        "--format",
        "concise",
        "--select",
        "DIP003",
        stdin=text,
    )
    assert result.returncode == 1
    assert result.stdout.startswith(f"{BROKEN}:35:13: DIP003 [error]")


def test_stdin_resolves_file_directives_next_to_the_stdin_filename() -> None:
    text = (FIXTURES / "review_loop.dip").read_text()
    result = dipcheck("lint", "-", "--stdin-filename", "fixtures/review_loop.dip", stdin=text)
    assert (result.returncode, result.stdout) == (0, "All checks passed (1 file checked).\n")
    # without a filename the prompt_file cannot be resolved
    result = dipcheck("lint", "-", "--format", "concise", "--select", "DC003", stdin=text)
    assert result.returncode == 1
    assert result.stdout.startswith("<stdin>:23:18: DC003 [error]")


def test_a_stdin_filename_naming_a_directory_is_refused() -> None:
    """`--stdin-filename fixtures` placed standard input's file one folder up and refused its
    `prompt_file` with a wrong reason ("a symbolic link takes it outside `fixtures`"): the
    name of a directory is a usage error now. Its twin, a file name, is the test above."""
    text = (FIXTURES / "review_loop.dip").read_text()
    result = dipcheck("lint", "-", "--stdin-filename", "fixtures", stdin=text)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "dipcheck: error: --stdin-filename: 'fixtures' is a directory; give the name of the file "
        "standard input stands for (its folder places the files it names)\n"
    )


# -- JSON ---------------------------------------------------------------------------------------


def _document(*args: str, cwd: Path = PROJECT) -> tuple[LintDocument, dict[str, object]]:
    result = dipcheck("lint", "--format", "json", *args, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    assert result.stderr == ""
    return LintDocument.model_validate_json(result.stdout), json.loads(result.stdout)


def _sort_key(item: object) -> tuple[str, int, int, str]:
    assert hasattr(item, "range")
    start = item.range.start  # type: ignore[attr-defined]
    return (item.file, start.line, start.column, item.code)  # type: ignore[attr-defined]


def test_json_document_validates_against_the_contract(tmp_path: Path) -> None:
    document, raw = _document(BROKEN)
    assert document.version == 1
    assert document.tool.name == "dipcheck"
    assert document.files == [BROKEN]
    first = document.diagnostics[0]
    assert (first.code, first.name, first.severity, first.file) == (
        "DIP001",
        "missing-start-node",
        "error",
        BROKEN,
    )
    assert first.range.model_dump() == {
        "start": {"line": 4, "column": 10},
        "end": {"line": 4, "column": 15},
    }
    assert first.url.endswith("/docs/rules/dip001.md")
    # (the fixture's `Work -> Wrk` suggests `Fork`, an edge declared already: no fix)
    _workflow(tmp_path)
    fixed, _ = _document("--isolated", "w.dip", cwd=tmp_path)
    dip003 = next(item for item in fixed.diagnostics if item.code == "DIP003")
    assert dip003.fix is not None and dip003.fix.safety == "unsafe"
    assert [(edit.text, edit.range.start.line) for edit in dip003.fix.edits] == [("B", 10)]
    dip008 = next(item for item in document.diagnostics if item.code == "DIP008")
    assert [(item.message, item.range.start.line) for item in dip008.related] == [
        ("first declared here", 10)
    ]
    assert set(raw) == {"version", "tool", "files", "diagnostics", "summary"}


def test_json_sorting_and_summary_over_several_files() -> None:
    document, _ = _document("fixtures/review_loop.dip", "fixtures/broken")
    # files in the order given (directories expanded in sorted order) ...
    assert document.files == [
        "fixtures/review_loop.dip",
        "fixtures/broken/structure.dip",
        "fixtures/broken/syntax.dip",
    ]
    # ... diagnostics sorted by file, then start position, then code
    assert document.diagnostics[0].file == "fixtures/broken/structure.dip"
    assert {item.file for item in document.diagnostics} == set(document.files[1:])
    keys = [_sort_key(item) for item in document.diagnostics]
    assert keys == sorted(keys)
    summary = document.summary
    assert summary.files == 3
    for severity, count in (
        ("error", summary.errors),
        ("warning", summary.warnings),
        ("info", summary.infos),
        ("hint", summary.hints),
    ):
        assert count == sum(1 for item in document.diagnostics if item.severity == severity)
    assert summary.errors > 0


def test_json_for_a_clean_file() -> None:
    document, _ = _document("fixtures/review_loop.dip")
    assert document.diagnostics == []
    assert document.summary.model_dump() == {
        "files": 1,
        "errors": 0,
        "warnings": 0,
        "infos": 0,
        "hints": 0,
        "skipped": 0,
    }


def test_json_ranges_use_code_point_columns(tmp_path: Path) -> None:
    _workflow(tmp_path)
    document, _ = _document("--isolated", "w.dip", cwd=tmp_path)
    dc005 = next(item for item in document.diagnostics if item.code == "DC005")
    assert dc005.range.model_dump() == {
        "start": {"line": 6, "column": 16},
        "end": {"line": 6, "column": 17},
    }


def test_contract_rejects_documents_that_break_it() -> None:
    _, raw = _document(BROKEN)
    text = json.dumps(raw)
    LintDocument.model_validate_json(text)
    for broken in (
        {**raw, "extra": 1},
        {**raw, "version": 2},
        {**raw, "summary": {**raw["summary"], "fatal": 0}},  # type: ignore[dict-item]
    ):
        with pytest.raises(ValueError):
            LintDocument.model_validate_json(json.dumps(broken))
    diagnostic = dict(raw["diagnostics"][0])  # type: ignore[index]
    for change in (
        {"severity": "fatal"},
        {"range": {"start": {"line": 0, "column": 1}, "end": {"line": 1, "column": 1}}},
        {"fix": {"description": "x", "safety": "maybe", "edits": []}},
    ):
        document = {**raw, "diagnostics": [{**diagnostic, **change}]}
        with pytest.raises(ValueError):
            LintDocument.model_validate_json(json.dumps(document))


def test_output_file_option(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    result = dipcheck("lint", "--format", "json", "-o", str(target), BROKEN)
    assert result.returncode == 1
    assert result.stdout == ""
    LintDocument.model_validate_json(target.read_text())


def test_the_lint_path_does_not_import_pydantic() -> None:
    code = (
        "import contextlib, io, sys\n"
        "from dipcheck.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['lint', '--format', 'json', {BROKEN!r}])\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'pydantic'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


# -- rule ---------------------------------------------------------------------------------------


def test_rule_by_code_and_by_name_print_the_same_page() -> None:
    by_code = dipcheck("rule", "DIP005")
    by_name = dipcheck("rule", "unconditional-cycle")
    lower = dipcheck("rule", "dip005")
    assert by_code.returncode == by_name.returncode == lower.returncode == 0
    assert by_code.stdout == by_name.stdout == lower.stdout
    lines = by_code.stdout.splitlines()
    assert lines[0] == "DIP005 unconditional-cycle (error)"
    for heading in ("Why:", "Example:", "Fix:"):
        assert heading in lines
    assert lines[-1] == f"More: {registry.docs_url('DIP005')}"


def test_rule_page_cites_the_runtime_pages_by_address() -> None:
    """The texts cite `docs/runtime/….md#…`, a path in the repository that an installed
    dipcheck does not have (sixth audit): the page gives the address, beside the rule pages
    (`DIPCHECK_DOCS_URL`'s folder when it is set)."""
    page = dipcheck("rule", "DC303").stdout
    assert (
        "(https://github.com/dipcheck/dipcheck/blob/main/docs/runtime/edge-selection.md"
        "#choosing-an-edge)" in page
    )
    assert "(docs/runtime/" not in page
    mirrored = dipcheck("rule", "DC303", env={"DIPCHECK_DOCS_URL": "https://docs.example/dc/rules"})
    assert "(https://docs.example/dc/runtime/edge-selection.md#choosing-an-edge)" in mirrored.stdout
    assert mirrored.stdout.splitlines()[-1] == "More: https://docs.example/dc/rules/dc303.md"
    # the twin: a text that cites no page is printed as it is
    assert registry.docs_links("no path here") == "no path here"


def test_rule_all_lists_every_code_once() -> None:
    result = dipcheck("rule", "--all")
    assert result.returncode == 0
    codes = [line.split()[0] for line in result.stdout.splitlines()]
    assert len(codes) == len(set(codes))
    expected = {f"DIP00{n}" for n in range(1, 10)} | {"DIP010"}
    expected |= {f"DC00{n}" for n in range(10)} | {"DC010"}
    assert expected <= set(codes)
    dc005 = next(line for line in result.stdout.splitlines() if line.startswith("DC005 "))
    assert dc005.split()[1:3] == ["invalid-value", "error"]


def test_rule_all_json() -> None:
    result = dipcheck("rule", "--all", "--format", "json")
    rules = json.loads(result.stdout)
    dip003 = next(item for item in rules if item["code"] == "DIP003")
    assert dip003["name"] == "unknown-node-reference"
    assert set(dip003) == {
        "code",
        "name",
        "severity",
        "enabled",
        "summary",
        "rationale",
        "example",
        "fix",
        "formats",
        "fix_availability",
        "fix_formats",
        "since",
        "targets",
        "url",
    }
    assert (dip003["fix_availability"], dip003["since"], dip003["targets"]) == (
        "sometimes",
        "0.1.0",
        None,
    )


def test_rule_accepts_a_code_prefix_or_a_group() -> None:
    # rule-codes.md: selection, suppression and `dipcheck rule` accept a code, a name or a
    # code prefix (`DC2`, `DIP1`); `rule DC2` was "no rule 'DC2'"
    from dipcheck.rules import registry

    for prefix in ("DC2", "dip1", "routing"):
        result = dipcheck("rule", prefix)
        assert (result.returncode, result.stderr) == (0, ""), prefix
        listed = [line.split()[0] for line in result.stdout.splitlines()]
        assert listed == [item.code for item in registry.select(prefix)], prefix
        assert len(listed) > 1
    assert dipcheck("rule", "DC2").stdout.splitlines()[0].split()[:3] == [
        "DC201",
        "unsafe-tool-command-key",
        "error",
    ]
    as_json = json.loads(dipcheck("rule", "DC9", "--format", "json").stdout)
    assert [item["code"] for item in as_json] == [item.code for item in registry.select("DC9")]
    # the twin: a whole code is still explained, not listed
    assert dipcheck("rule", "DC201").stdout.startswith("DC201 unsafe-tool-command-key (error)\n")


def test_unknown_rule_and_missing_argument_exit_two() -> None:
    result = dipcheck("rule", "NOPE")
    assert result.returncode == 2
    assert "`dipcheck rule --all` lists them" in result.stderr
    assert dipcheck("rule").returncode == 2


# -- help ---------------------------------------------------------------------------------------


def test_main_help() -> None:
    result = dipcheck("--help")
    assert result.returncode == 0
    text = result.stdout
    assert text.startswith("usage: dipcheck")
    for needle in ("lint", "rule", ".dip", "examples:", "dipcheck COMMAND --help"):
        assert needle in text
    assert dipcheck().stdout == text  # no command: the same help (exit 2)


def test_lint_help() -> None:
    result = dipcheck("lint", "--help")
    assert result.returncode == 0
    for needle in (
        "--format {text,concise,json,json-lines,sarif,github,junit}",
        "--stdin-filename",
        "--select",
        "--ignore",
        "--fail-on",
        "exit status:",
        "2  usage or configuration error",
        "examples:",
        "dipcheck lint - --stdin-filename build.dip",
    ):
        assert needle in result.stdout


def test_rule_help() -> None:
    result = dipcheck("rule", "--help")
    assert result.returncode == 0
    for needle in ("CODE|NAME", "--all", "dipcheck rule DIP005", "unconditional-cycle"):
        assert needle in result.stdout


def test_version() -> None:
    from dipcheck import __version__

    result = dipcheck("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"dipcheck {__version__}")


TRACKER_647 = (
    "workflow W\n  start: Pick\n  exit: Done\n  tool Pick\n    timeout: 1m\n"
    "    command: ./pick.sh\n  agent Work\n    prompt: Work.\n  agent Done\n    label: Done\n"
    "  edges\n    Pick -> Work  when ctx.tool_stdout != a and ctx.tool_stdout != b\n"
    "    Pick -> Done  when ctx.tool_stdout = a\n    Pick -> Done\n    Work -> Pick  loop\n"
)


def test_target_version_option_and_configuration(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_text(TRACKER_647, encoding="utf-8")
    # DC301 is a warning (tracker runs the file and takes another route), so fail on warnings
    strict = ("--fail-on", "warning")
    default = dipcheck("lint", "--format", "concise", "--isolated", *strict, str(path))
    assert default.returncode == 1
    assert "DC301 [warning] tracker ≤ v0.64 does not split conditions on `and`" in default.stdout
    newer = dipcheck("lint", "--format", "concise", "--target-version", "0.65", *strict, str(path))
    assert newer.returncode == 0, newer.stdout
    assert "DC301" not in newer.stdout
    (tmp_path / "dipcheck.toml").write_text('target-version = "v0.65"\n', encoding="utf-8")
    configured = dipcheck("lint", "--format", "concise", *strict, str(path))
    assert configured.returncode == 0 and "DC301" not in configured.stdout
    # the option wins over the file
    older = dipcheck("lint", "--format", "concise", "--target-version", "0.64", *strict, str(path))
    assert older.returncode == 1 and "DC301" in older.stdout


def test_unknown_target_version_lists_the_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "w.dip"
    path.write_text(TRACKER_647, encoding="utf-8")
    bad = dipcheck("lint", "--target-version", "0.70", str(path))
    assert bad.returncode == 2
    assert "unknown target version '0.70' (known: 0.64, 0.65)" in bad.stderr
    (tmp_path / "dipcheck.toml").write_text('target-version = "1"\n', encoding="utf-8")
    configured = dipcheck("lint", str(path))
    assert configured.returncode == 2
    assert "target-version: unknown target version '1' (known: 0.64, 0.65)" in configured.stderr


@pytest.mark.parametrize(
    "config", ['ignore = ["DIP003"]\n', '[tool.dipcheck]\nignore = ["DIP003"]\n']
)
def test_dipcheck_toml_takes_top_level_keys_or_the_tool_dipcheck_table(
    tmp_path: Path, config: str
) -> None:
    path = _workflow(tmp_path)
    assert "DIP003" in dipcheck("lint", "--format", "concise", str(path)).stdout
    (tmp_path / "dipcheck.toml").write_text(config, encoding="utf-8")
    result = dipcheck("lint", "--format", "concise", str(path))
    assert result.returncode in (0, 1), result.stderr
    assert "DIP003" not in result.stdout
    assert "DC005" in result.stdout  # the rest is still checked


def test_a_dipcheck_toml_with_other_tool_tables_is_still_an_error(tmp_path: Path) -> None:
    path = _workflow(tmp_path)
    (tmp_path / "dipcheck.toml").write_text("[tool.ruff]\nline-length = 1\n", encoding="utf-8")
    result = dipcheck("lint", str(path))
    assert result.returncode == 2
    assert "unknown key(s) 'tool'" in result.stderr


# -- the process's end: `entry` skips the interpreter's teardown ------------------------------


def _many_findings(directory: Path, files: int = 150) -> None:
    for number in range(files):
        (directory / f"w{number}.dip").write_text(
            "workflow W\n  start: A\n  exit: A\n  agent A\n    prompt: ${ctx.nowhere}\n",
            encoding="utf-8",
        )


def test_the_command_flushes_its_report_before_ending(tmp_path: Path) -> None:
    """`entry` ends the process with os._exit, which writes nothing still buffered: the
    report must be flushed first (a short report stays in a block-buffered stream's buffer)."""
    _many_findings(tmp_path, files=3)
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    run = subprocess.run(  # block-buffered standard output, as in a real pipe
        [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--no-cache", "."],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.stdout.count("DC102") == 3 and run.stderr == ""
    assert run.stdout.endswith("Found 3 warnings in 3 files (3 files checked).\n")


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    _many_findings(tmp_path)
    command = [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--no-cache", "."]
    with subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(100)
        process.stdout.close()  # the reader goes away (`dipcheck lint | head`)
        errors = process.stderr.read()
        assert process.wait(timeout=120) in (0, 1)
    assert errors == b""


@pytest.mark.parametrize(
    ("words", "status", "stream", "text"),
    [
        (["--help"], 0, "stdout", "usage: dipcheck"),
        (["lint", "--no-such-option"], 2, "stderr", "unrecognized arguments: --no-such-option"),
    ],
)
def test_usage_exits_keep_their_status(
    words: list[str], status: int, stream: str, text: str
) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dipcheck", *words], capture_output=True, text=True, check=False
    )
    assert run.returncode == status and text in getattr(run, stream)


def test_the_installed_command_is_entry() -> None:
    import tomllib

    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["dipcheck"] == "dipcheck.launch:entry"


@pytest.mark.parametrize("columns", [None, "", "0", "-4", "wide", "57", "200"])
def test_the_help_width_is_the_one_shutil_gives(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    """The command line's formatters are given the terminal's width (argparse would import
    shutil for each option to ask): the width `shutil.get_terminal_size` reports."""
    import shutil

    from dipcheck.cli import terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_an_internal_error_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bug that escaped a command ended the process with Python's status 1, which reads
    as "findings"; the contract gives internal errors 2 (docs: rule-codes, exit status)."""
    from dipcheck import cli
    from dipcheck.commands import graph

    def broken(args: object) -> int:
        raise RuntimeError("boom \x1b[2J")

    monkeypatch.setattr(graph, "run", broken)
    assert cli.main(["graph", "x.dip"]) == 2
    stderr = capsys.readouterr().err
    assert stderr.endswith(
        "RuntimeError: boom \\x1b[2J\ndipcheck graph: internal error (a bug in dipcheck)\n"
    )


def test_options_that_do_nothing_with_the_others_are_said(tmp_path: Path) -> None:
    # (they were accepted silently: sixth audit)
    _workflow(tmp_path)
    lint = dipcheck(
        "lint",
        "--isolated",
        "--unsafe-fixes",
        "--show-fixes",
        "--stdin-filename",
        "x.dip",
        "w.dip",
        cwd=tmp_path,
    )
    assert lint.returncode == 1
    assert lint.stderr == (
        "dipcheck: warning: --unsafe-fixes has no effect without --fix or --diff\n"
        "dipcheck: warning: --show-fixes lists what --fix or --diff changes; without them it "
        "does nothing\n"
        "dipcheck: warning: --stdin-filename names standard input, which is read only when a "
        "path is `-`\n"
    )
    assert (
        dipcheck("lint", "--isolated", "--quiet", "--unsafe-fixes", "w.dip", cwd=tmp_path).stderr
        == ""
    )
    rule = dipcheck("rule", "--all", "DIP005")
    assert (rule.returncode, rule.stderr) == (
        2,
        "dipcheck rule: error: give a code or name, or --all, not both\n",
    )
    config = dipcheck("config", "--pyproject")
    assert (config.returncode, config.stderr) == (
        2,
        "dipcheck config: error: --pyproject goes with --schema\n",
    )
    # the twins: with their partners they are quiet
    paired = dipcheck(
        "lint", "--isolated", "--diff", "--unsafe-fixes", "--show-fixes", "w.dip", cwd=tmp_path
    )
    assert "warning" not in paired.stderr
    assert dipcheck("rule", "--all").returncode == 0
    assert dipcheck("config", "--schema", "--pyproject").returncode == 0


def test_a_file_named_twice_is_checked_once(tmp_path: Path) -> None:
    # `a.dip a.dip`, `./a.dip` and the folder holding it name one file: it was linted and
    # reported three times, and the summary counted three files
    (tmp_path / "a.dip").write_text(
        "workflow W\n  start: S\n  exit: S\n  agent S\n    prompt: ${ctx.nowhere}\n",
        encoding="utf-8",
    )
    (tmp_path / "b.dip").write_text(
        "workflow B\n  start: S\n  exit: S\n  agent S\n    prompt: hi\n", encoding="utf-8"
    )
    args = ("lint", "--isolated", "--no-cache", "--format", "json")
    once = dipcheck(*args, "a.dip", cwd=tmp_path)
    many = dipcheck(*args, "a.dip", "a.dip", "./a.dip", ".", cwd=tmp_path)
    first, document = LintDocument.model_validate_json(once.stdout), json.loads(many.stdout)
    assert document["files"] == ["a.dip", "./b.dip"]  # (each where it first comes)
    assert document["summary"]["files"] == 2
    assert [item["code"] for item in document["diagnostics"]] == [
        item.code for item in first.diagnostics
    ]
    assert first.diagnostics  # (the twin: one name, its findings once)

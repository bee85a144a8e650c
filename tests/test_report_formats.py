"""The CI output formats, run as a process: SARIF (validated against the SARIF 2.1.0 schema),
GitHub annotations (parsed back), JUnit (parsed with ElementTree), JSON lines, statistics;
--quiet, the progress bar, --show-settings and `dipcheck config`."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from helpers import PROJECT, dipcheck

from dipcheck.engine import lint_text
from dipcheck.hashing import sha256_hex
from dipcheck.report import sarif
from dipcheck.rules import registry

SARIF_SCHEMA = json.loads(
    (PROJECT / "tests" / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
)

WORKFLOW = """\
notes that are not a comment
  and more notes
workflow W
  start: A
  exit: B
  agent A
    prompt_file: prompts/a.md
    llm_model: x
  agent B
    label: B
  edges
    A -> Bee  when ctx.outcome = fail
    A -> B
"""
CLEAN = (
    "workflow C\n  start: A\n  exit: B\n  agent A\n    label: A\n  agent B\n    label: B\n"
    "  edges\n    A -> B\n"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A workflow with a multi-line finding, a finding inside its prompt file, a safe and an
    unsafe fix and a related note; a warning-only workflow; a clean one."""
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "a.md").write_text("Use ${ctx.outcome} now.\n", encoding="utf-8")
    (tmp_path / "w.dip").write_text(WORKFLOW, encoding="utf-8")
    (tmp_path / "warn.dip").write_text(
        CLEAN.replace("    label: A\n", "    prompt: Read ${ctx.nobody}.\n"), encoding="utf-8"
    )
    (tmp_path / "clean.dip").write_text(CLEAN, encoding="utf-8")
    return tmp_path


def _json(project: Path) -> list[dict[str, object]]:
    result = dipcheck("lint", "--isolated", "--format", "json", ".", cwd=project)
    return json.loads(result.stdout)["diagnostics"]


def _positions(diagnostics: list[dict]) -> list[tuple[str, str, int, int, int, int]]:  # type: ignore[type-arg]
    return [
        (
            item["code"],
            item["file"],
            item["range"]["start"]["line"],
            item["range"]["start"]["column"],
            item["range"]["end"]["line"],
            item["range"]["end"]["column"],
        )
        for item in diagnostics
    ]


# -- SARIF ------------------------------------------------------------------------------------


def test_sarif_is_valid_and_has_exact_regions(project: Path) -> None:
    result = dipcheck("lint", "--isolated", "--format", "sarif", ".", cwd=project)
    assert result.returncode == 0, result.stderr  # SARIF: findings do not fail the run
    document = json.loads(result.stdout)
    jsonschema.Draft7Validator(SARIF_SCHEMA).validate(document)
    (run,) = document["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    found = []
    for item in run["results"]:
        location = item["locations"][0]["physicalLocation"]
        region = location["region"]
        found.append(
            (
                item["ruleId"],
                location["artifactLocation"]["uri"],
                region["startLine"],
                region["startColumn"],
                region["endLine"],
                region["endColumn"],
            )
        )
        rule = run["tool"]["driver"]["rules"][item["ruleIndex"]]
        assert rule["id"] == item["ruleId"]
    expected = _positions(_json(project))
    assert found == [(code, file.removeprefix("./"), *rest) for code, file, *rest in expected]
    codes = [item[0] for item in found]
    assert {"DC007", "DC009", "DIP003", "DC202", "DC102"} <= set(codes)
    multi_line = next(item for item in found if item[0] == "DC007")
    assert multi_line[2] < multi_line[4]
    included = next(item for item in found if item[0] == "DC202")
    assert included[1] == "prompts/a.md"


def test_sarif_rules_document_every_rule_and_link_to_its_page(project: Path) -> None:
    document = json.loads(
        dipcheck("lint", "--isolated", "--format", "sarif", ".", cwd=project).stdout
    )
    rules = document["runs"][0]["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [rule.code for rule in registry.all_rules()]
    for rule in rules:
        page = rule["helpUri"].rsplit("/docs/rules/", 1)[1]
        assert (PROJECT / "docs" / "rules" / page).is_file()
        assert rule["help"]["markdown"].startswith("## What it finds")
        assert rule["fullDescription"]["text"]


def test_sarif_rule_descriptions_fit_github_and_do_not_depend_on_what_ran(
    project: Path, tmp_path: Path
) -> None:
    # GitHub code scanning refuses a fullDescription over 1,024 characters (DC207, DC208,
    # DC315, DIP005 and DIP144 were longer); an extended rule's notes came in the order their
    # formats' modules were imported, so one rule's text changed with the files linted
    plan = tmp_path / "plan.json"
    plan.write_text((PROJECT / "fixtures" / "ordewell" / "plan-12.json").read_text())
    by_run = []
    for target in (["."], ["--dialect", "ordewell", str(plan)]):
        document = json.loads(
            dipcheck("lint", "--isolated", "--format", "sarif", *target, cwd=project).stdout
        )
        rules = {rule["id"]: rule for rule in document["runs"][0]["tool"]["driver"]["rules"]}
        by_run.append(rules)
        for rule in rules.values():
            text = rule["fullDescription"]["text"]
            assert 0 < len(text) <= sarif.MAX_FULL_DESCRIPTION, rule["id"]
    whole = registry.get("DC315").rationale
    assert len(whole) > sarif.MAX_FULL_DESCRIPTION  # (the twin: a long one is cut…)
    cut = by_run[0]["DC315"]["fullDescription"]["text"]
    assert cut.endswith("…") and whole.startswith(cut[:-1])
    assert whole in by_run[0]["DC315"]["help"]["text"]  # (…and kept whole in help)
    assert by_run[0]["DIP005"]["help"] == by_run[1]["DIP005"]["help"]
    assert by_run[0]["DIP005"]["fullDescription"] == by_run[1]["DIP005"]["fullDescription"]


def test_sarif_fixes_and_related_locations(project: Path) -> None:
    document = json.loads(
        dipcheck("lint", "--isolated", "--format", "sarif", ".", cwd=project).stdout
    )
    results = document["runs"][0]["results"]
    dc009 = next(item for item in results if item["ruleId"] == "DC009")
    (fix,) = dc009["fixes"]
    (change,) = fix["artifactChanges"]
    (replacement,) = change["replacements"]
    assert change["artifactLocation"]["uri"] == "w.dip"
    assert replacement == {
        "deletedRegion": {"startLine": 8, "startColumn": 5, "endLine": 8, "endColumn": 14},
        "insertedContent": {"text": "model"},
    }
    dip003 = next(item for item in results if item["ruleId"] == "DIP003")
    assert dip003["fixes"][0]["description"]["text"].endswith("(unsafe)")


def _fingerprints(project: Path) -> dict[str, str]:
    document = json.loads(
        dipcheck("lint", "--isolated", "--format", "sarif", "w.dip", cwd=project).stdout
    )
    return {
        item["ruleId"]: item["partialFingerprints"]["dipcheck/v1"]
        for item in document["runs"][0]["results"]
    }


def test_sarif_fingerprints_survive_unrelated_edits(project: Path) -> None:
    before = _fingerprints(project)
    path = project / "w.dip"
    # lines added above and below the findings: every line number changes
    path.write_text(
        WORKFLOW.replace("workflow W\n", "workflow W\n  goal: Ship it\n").replace(
            "  agent B\n", "  agent Extra\n    prompt: Extra.\n  agent B\n"
        )
        + "    A -> Extra  when ctx.outcome = success\n    Extra -> B\n",
        encoding="utf-8",
    )
    after = _fingerprints(project)
    assert after == before
    path.write_text(WORKFLOW.replace("A -> Bee", "A -> Bea"), encoding="utf-8")
    changed = _fingerprints(project)
    assert changed["DIP003"] != before["DIP003"]
    assert changed["DC009"] == before["DC009"]


def test_sarif_uri_of_a_file_name_that_is_not_utf8(tmp_path: Path) -> None:
    """Each byte of the name is percent-encoded as it is on disk (quote() and the fingerprint's
    hash raised UnicodeEncodeError on the lone surrogate Python reads the 0xff byte as)."""
    name = os.fsencode(tmp_path) + b"/we 50%#\xff.dot"
    Path(os.fsdecode(name)).write_text(HOSTILE_DOT, encoding="utf-8")
    result = _lint_bytes("--format", "sarif", "--select", "DIP149", ".", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, b"")
    (run,) = json.loads(result.stdout.decode("utf-8"))["runs"]
    (item,) = run["results"]
    where = item["locations"][0]["physicalLocation"]["artifactLocation"]
    assert where == {"uri": "we%2050%25%23%FF.dot", "uriBaseId": "%SRCROOT%"}
    assert run["artifacts"] == [{"location": where}]


def test_sarif_fingerprints_hash_a_long_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1000 findings on one line of 7000 characters (found by tools/fuzz.py, issue 19 §4: each
    # fingerprint hashed the whole line, time quadratic in the line)
    hashed: list[int] = []

    def counting(data: bytes) -> str:
        hashed.append(len(data))
        return sha256_hex(data)

    monkeypatch.setattr(sarif, "sha256_hex", counting)
    prompts = ["{{ a }}" * 1000, "{{ a }}" * 999 + "{{ a }}."]
    fingerprints = []
    for prompt in prompts:
        text = f'name: x\nsteps:\n  - name: s\n    agent: dev\n    prompt: "{prompt}"\n'
        hashed.clear()
        document = sarif.document([lint_text(text, "w.yaml")])
        results = [item for item in document["runs"][0]["results"] if item["ruleId"] == "L11"]
        assert len(results) == 1000
        assert sum(hashed) < 20 * len(text)
        found = [item["partialFingerprints"]["dipcheck/v1"].split(":") for item in results]
        assert [count for _, count in found] == [str(n) for n in range(1, 1001)]
        assert len({digest for digest, _ in found}) == 1
        fingerprints.append(found[0][0])
    assert fingerprints[0] != fingerprints[1]  # the line's text still counts


# -- GitHub annotations -----------------------------------------------------------------------

_ANNOTATION = re.compile(r"^::(error|warning|notice) ([^:]*)::(.*)$")


def _unescape(text: str) -> str:
    for escaped, raw in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
        text = text.replace(escaped, raw)
    return text


def _annotations(output: str) -> list[tuple[str, dict[str, str], str]]:
    parsed = []
    for line in output.splitlines():
        match = _ANNOTATION.match(line)
        assert match, line
        properties = dict(part.split("=", 1) for part in match.group(2).split(","))
        parsed.append(
            (
                match.group(1),
                {key: _unescape(value) for key, value in properties.items()},
                _unescape(match.group(3)),
            )
        )
    return parsed


def test_github_annotations_parse_back_to_the_findings(project: Path) -> None:
    result = dipcheck("lint", "--isolated", "--format", "github", ".", cwd=project)
    assert result.returncode == 1
    parsed = _annotations(result.stdout)
    expected = _json(project)
    assert len(parsed) == len(expected)
    parsed.sort(
        key=lambda item: (item[1]["file"], int(item[1]["line"]), int(item[1].get("col", 0)))
    )
    levels = {"error": "error", "warning": "warning", "info": "notice", "hint": "notice"}
    for (level, properties, message), item in zip(parsed, expected, strict=True):
        start, end = item["range"]["start"], item["range"]["end"]  # type: ignore[index]
        assert level == levels[item["severity"]]  # type: ignore[index]
        assert properties["file"] == item["file"]
        assert properties["title"] == item["code"]
        assert (int(properties["line"]), int(properties["endLine"])) == (start["line"], end["line"])
        if start["line"] == end["line"]:
            assert (int(properties["col"]), int(properties["endColumn"])) == (
                start["column"],
                end["column"],
            )
        else:  # GitHub takes columns only for a one-line range
            assert "col" not in properties and "endColumn" not in properties
        assert message.startswith(item["message"])  # type: ignore[arg-type]


def test_github_escapes_properties(tmp_path: Path) -> None:
    name = "odd,name:50%.dip"
    (tmp_path / name).write_text(WORKFLOW.replace("prompt_file: prompts/a.md", "prompt: Hi"))
    result = dipcheck(
        "lint", "--isolated", "--format", "github", "--select", "DC007", name, cwd=tmp_path
    )
    (line,) = result.stdout.splitlines()
    assert "file=odd%2Cname%3A50%25.dip," in line
    ((_, properties, message),) = _annotations(result.stdout)
    assert properties["file"] == name
    assert message == "text outside the workflow declaration is ignored by the parser"


# -- JUnit, JSON lines, statistics ------------------------------------------------------------


def test_junit_one_testcase_per_file(project: Path) -> None:
    result = dipcheck("lint", "--isolated", "--format", "junit", ".", cwd=project)
    assert result.returncode == 1
    root = ElementTree.fromstring(result.stdout)
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = {case.get("name"): case for case in suite.findall("testcase")}
    assert set(cases) == {"./clean.dip", "./w.dip", "./warn.dip"}
    assert (suite.get("tests"), suite.get("failures")) == ("3", "1")
    failure = cases["./w.dip"].find("failure")
    assert failure is not None and failure.get("type") == "error"
    assert "./w.dip:12:10: DIP003 [error]" in (failure.text or "")
    warn = cases["./warn.dip"]
    assert warn.find("failure") is None
    assert "DC102 [warning]" in (warn.findtext("system-out") or "")
    assert not list(cases["./clean.dip"])
    # the same file fails once warnings fail the run
    strict = dipcheck(
        "lint", "--isolated", "--format", "junit", "--fail-on", "warning", ".", cwd=project
    )
    suite = ElementTree.fromstring(strict.stdout).find("testsuite")
    assert suite is not None and suite.get("failures") == "2"


def _lint_bytes(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``dipcheck lint --isolated --no-cache ARGS`` with its output as the bytes it wrote."""
    command = [sys.executable, "-m", "dipcheck", "lint", "--isolated", "--no-cache", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, timeout=120, check=False)


# a DOT node id holding U+FFFF (valid UTF-8, but no character of XML 1.0), quoted by DIP149
HOSTILE_DOT = (
    'digraph G {\n  start [shape=Mdiamond];\n  "a\uffff<&]]>" [shape=box, prompt="p"];\n'
    '  done [shape=Msquare];\n  start -> "a\uffff<&]]>";\n  start -> done;\n'
    '  "a\uffff<&]]>" -> done;\n}\n'
)


def test_junit_stays_well_formed_for_code_points_xml_cannot_hold(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/n\xff\xef\xbf\xbe.dot"  # not UTF-8, and U+FFFE
    Path(os.fsdecode(name)).write_text(HOSTILE_DOT, encoding="utf-8")
    result = _lint_bytes("--format", "junit", "--select", "DIP149", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (case,) = ElementTree.fromstring(result.stdout).iter("testcase")
    assert case.get("name") == "./n\\udcff\\ufffe.dot"
    assert case.findtext("system-out") == (
        "./n\\udcff\\ufffe.dot:6:3: DIP149 [warning] node `start` has 2 unconditional edges "
        "(to `a\\uffff<&]]>`, `done`); only one is taken: tracker takes `a\\uffff<&]]>` "
        "(highest weight, then the lexically smallest target)"
    )


@pytest.mark.parametrize("fmt", ["json", "json-lines"])
def test_json_of_a_file_name_that_is_not_utf8_is_utf8(tmp_path: Path, fmt: str) -> None:
    """The name's undecodable byte is a ``\\udcff`` escape, not the raw byte 0xff (the
    output was not UTF-8 and no JSON reader took it); Python reads the name back."""
    name = b"n\xff.dot"
    (tmp_path / os.fsdecode(name)).write_text(HOSTILE_DOT, encoding="utf-8")
    result = _lint_bytes("--format", fmt, "--select", "DIP149", ".", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, b"")
    assert b"n\\udcff.dot" in result.stdout
    text = result.stdout.decode("utf-8")
    if fmt == "json":
        document = json.loads(text)
        assert document["files"] == ["./n\udcff.dot"]
        (item,) = document["diagnostics"]
    else:
        (line,) = text.splitlines()
        item = json.loads(line)
    assert (item["code"], item["file"], item["range"]["start"]) == (
        "DIP149",
        "./n\udcff.dot",
        {"line": 6, "column": 3},
    )
    assert os.fsencode(item["file"]) == b"./" + name


def test_json_lines_match_the_json_document(project: Path) -> None:
    result = dipcheck("lint", "--isolated", "--format", "json-lines", ".", cwd=project)
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines == _json(project)


def test_statistics_count_per_code(project: Path) -> None:
    result = dipcheck("lint", "--isolated", "--statistics", ".", cwd=project)
    assert result.returncode == 1
    table, legend = result.stdout.split("\n\n")
    # the marks are explained under the table (issue 19)
    assert legend.splitlines() == [
        "[*] some findings of the code are fixed by `--fix`",
        "[-] fixed only by `--fix --unsafe-fixes` (fixes to review)",
    ]
    rows = [line.split() for line in table.splitlines()]
    counts = {}
    for item in _json(project):
        counts[item["code"]] = counts.get(item["code"], 0) + 1
    assert {row[1]: int(row[0]) for row in rows} == counts
    assert [int(row[0]) for row in rows] == sorted((int(row[0]) for row in rows), reverse=True)
    marks = {row[1]: row[3] if len(row) > 3 else "" for row in rows}
    assert (marks["DC009"], marks["DIP003"], marks["DC007"]) == ("[*]", "[-]", "")
    listed = json.loads(
        dipcheck("lint", "--isolated", "--statistics", "--format", "json", ".", cwd=project).stdout
    )
    assert {row["code"]: row["count"] for row in listed} == counts


@pytest.mark.parametrize("fmt", ["sarif", "junit", "github", "json-lines"])
def test_statistics_are_not_written_as_another_format(project: Path, fmt: str) -> None:
    # the table was written where SARIF, JUnit or annotations were expected (`-o x.sarif`
    # held a text table): a usage error, as ruff refuses what it cannot write
    (project / "x.out").write_text("kept\n")
    result = dipcheck(
        "lint", "--isolated", "--statistics", "--format", fmt, "-o", "x.out", ".", cwd=project
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "dipcheck: error: --statistics prints a table (or JSON with --format json); it cannot "
        f"be written as --format {fmt}\n"
    )
    assert (project / "x.out").read_text() == "kept\n"


def test_quiet_prints_findings_only(project: Path) -> None:
    result = dipcheck("lint", "--isolated", "--quiet", "--format", "concise", ".", cwd=project)
    assert result.stdout.splitlines()[-1].startswith("./warn.dip:")
    assert "Found" not in result.stdout
    clean = dipcheck("lint", "--isolated", "-q", "clean.dip", cwd=project)
    assert (clean.returncode, clean.stdout) == (0, "")


# -- progress bar -----------------------------------------------------------------------------


def _stderr_on_a_terminal(*args: str, cwd: Path) -> str:
    """Run dipcheck with standard error on a pseudo-terminal; what it wrote there."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "dipcheck", *args],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=terminal,
        env={key: value for key, value in os.environ.items() if key != "NO_COLOR"},
    )
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(controller)
    return b"".join(chunks).decode()


def test_progress_bar_only_on_a_terminal_and_never_when_quiet(tmp_path: Path) -> None:
    for number in range(12):
        (tmp_path / f"w{number:02}.dip").write_text(CLEAN, encoding="utf-8")
    shown = _stderr_on_a_terminal("lint", "--isolated", "--no-cache", ".", cwd=tmp_path)
    assert "12/12 files" in shown and "\r" in shown
    assert _stderr_on_a_terminal("lint", "--isolated", "-q", ".", cwd=tmp_path) == ""
    piped = dipcheck("lint", "--isolated", "--no-cache", ".", cwd=tmp_path)
    assert piped.stderr == ""
    few = tmp_path / "few"
    few.mkdir()
    (few / "one.dip").write_text(CLEAN, encoding="utf-8")
    assert _stderr_on_a_terminal("lint", "--isolated", "few", cwd=tmp_path) == ""


# -- settings ---------------------------------------------------------------------------------


def test_show_settings_for_a_file(tmp_path: Path) -> None:
    (tmp_path / "dipcheck.toml").write_text(
        'ignore = ["DIP004"]\nper-file-ignores = { "legacy/*.dip" = ["DC1"] }\n'
        'target-version = "0.65"\n[severity]\nDC102 = "error"\n',
        encoding="utf-8",
    )
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.dip").write_text(CLEAN, encoding="utf-8")
    result = dipcheck(
        "lint", "--show-settings", "--select", "DC1,DIP0", "legacy/old.dip", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert f"# configuration file: {tmp_path / 'dipcheck.toml'}" in text
    assert 'select = ["DC1", "DIP0"]' in text  # the command line overrides the file
    assert 'target-version = "0.65"' in text
    assert 'DC102 = "error"' in text
    assert "# per-file-ignores matching it: legacy/*.dip" in text
    rules_line = next(line for line in text.splitlines() if line.startswith("# rules that run"))
    assert "DIP001" in rules_line and "DC101" not in rules_line
    data = json.loads(
        dipcheck(
            "lint", "--show-settings", "--format", "json", "legacy/old.dip", cwd=tmp_path
        ).stdout
    )
    assert data["settings"]["ignore"] == ["DIP004"]
    assert data["for-this-file"]["format"] == "dip"
    assert "DC101" not in data["for-this-file"]["active-rules"]  # per-file-ignores
    (tmp_path / "new.dip").write_text(CLEAN, encoding="utf-8")
    other = dipcheck("lint", "--show-settings", "--format", "json", "new.dip", cwd=tmp_path)
    assert "DC101" in json.loads(other.stdout)["for-this-file"]["active-rules"]


def test_config_schema_is_the_shipped_copy() -> None:
    result = dipcheck("config", "--schema")
    assert result.returncode == 0
    shipped = (PROJECT / "dipcheck" / "config.schema.json").read_text(encoding="utf-8")
    assert result.stdout == shipped
    schema = json.loads(result.stdout)
    jsonschema.Draft7Validator.check_schema(schema)


def test_config_lists_and_describes_keys() -> None:
    listing = dipcheck("config")
    assert listing.returncode == 0
    keys = [line.split()[0] for line in listing.stdout.splitlines()]
    from dipcheck.config import KNOWN_KEYS

    assert set(keys) == KNOWN_KEYS
    one = dipcheck("config", "fail-on")
    assert one.stdout.startswith("fail-on") and "(default: error)" in one.stdout
    unknown = dipcheck("config", "fail_on")
    assert unknown.returncode == 2 and "no key 'fail_on'" in unknown.stderr


def test_sarif_names_a_file_the_same_however_the_path_was_typed(project: Path) -> None:
    # `x`, `./x` and `/abs/x` (from the folder above it) gave three fingerprints, and the
    # absolute one a `file://` location outside %SRCROOT%: code scanning saw new alerts
    def alerts(path: str) -> list[str]:
        """Each alert's location and fingerprint (in the order of the paths as typed)."""
        document = json.loads(
            dipcheck("lint", "--isolated", "--format", "sarif", path, cwd=project).stdout
        )
        return sorted(
            json.dumps(
                [
                    result["locations"][0]["physicalLocation"]["artifactLocation"],
                    result["partialFingerprints"],
                ]
            )
            for result in document["runs"][0]["results"]
        )

    spelled = [alerts(path) for path in ("w.dip", "./w.dip", str(project / "w.dip"))]
    assert any('{"uri": "w.dip", "uriBaseId": "%SRCROOT%"}' in alert for alert in spelled[0])
    assert spelled[0] == spelled[1] == spelled[2]

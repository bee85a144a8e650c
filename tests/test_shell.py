"""Tool commands as shell: DIP123 (`bash -n`), DIP124 (off by default), DIP125 (first program
not on PATH) and DC207 (shellcheck), with workflow placeholders masked so that positions stay
those of the file. Nothing is ever executed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import Finding, dipcheck, lint, only, run, template, unsealed, write_sealed

from dipcheck.config import Config
from dipcheck.rules.shell import first_program
from dipcheck.shelltools import mask_placeholders

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")

TOOL = template(
    """
    workflow Sh
      start: Check
      exit: Check
      tool Check
        timeout: 1m
        command:
          if [ -f go.mod ]; then
            go vet ./...
          fi
          echo "${ctx.outcome} ${params.x}"
    """
)


FROM_FILE = template(
    """
    workflow Sh
      start: Check
      exit: Check
      tool Check
        timeout: 1m
        command_file: check.sh
    """
)


def test_mask_keeps_length_and_leaves_shell_expansions() -> None:
    text = 'echo "${ctx.last_response}" ${HOME} ${x:-d} ${params.a}'
    masked = mask_placeholders(text)
    assert len(masked) == len(text)
    assert masked == 'echo "____________________" ${HOME} ${x:-d} ___________'


def test_dip123_twin_valid_command() -> None:
    assert only(lint(TOOL), "DIP123") == []


def test_dip123_error_points_at_the_reported_line() -> None:
    text = TOOL.replace("      fi\n", "      fi fi\n")
    assert only(lint(text), "DIP123") == [Finding("DIP123", "warning", (9, 7), (9, 12), "fi fi")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP123"]
    assert item.message == (
        "shell syntax error in the command of tool `Check`: syntax error near unexpected token `fi'"
    )


def test_dip123_unclosed_construct_points_at_the_end() -> None:
    text = TOOL.replace("      fi\n", "")
    findings = only(lint(text), "DIP123")
    assert findings == [
        Finding("DIP123", "warning", (9, 7), (9, 40), 'echo "${ctx.outcome} ${params.x}"')
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP123"]
    assert item.message == (
        "shell syntax error in the command of tool `Check`: syntax error: unexpected end of "
        "file (at the end of the command: something opened earlier is never closed)"
    )


def test_dip123_in_a_command_file(tmp_path: Path) -> None:
    (tmp_path / "check.sh").write_text('set -eu\nfor f in *.go; do\n  gofmt -l "$f"\n')
    result = run(FROM_FILE, str(tmp_path / "sh.dip"))
    [item] = [item for item in result.diagnostics if item.code == "DIP123"]
    assert item.span.path.endswith("check.sh")
    assert item.span.text == 'gofmt -l "$f"'


def test_dip123_never_runs_the_command(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = TOOL.replace("go vet ./...", f"touch {marker}")
    run(text)
    assert not marker.exists()


def test_mask_graph_variables() -> None:
    text = 'echo "$goal" $params.branch $HOME'
    masked = mask_placeholders(text, frozenset({"goal", "params.branch"}))
    assert masked == 'echo "_____" ______________ $HOME'


# -- DIP124 --------------------------------------------------------------------------------


def test_dip124_is_off_by_default_and_fires_when_selected() -> None:
    text = TOOL.replace('echo "${ctx.outcome} ${params.x}"', "echo ${ctx.last_response}")
    assert only(lint(text), "DIP124") == []
    config = Config(extend_select=("DIP124",))
    assert only(lint(text, config=config), "DIP124") == [
        Finding("DIP124", "warning", (10, 12), (10, 32), "${ctx.last_response}")
    ]
    # DC201 owns the span by default
    assert [item.code for item in only(lint(text), "DC201")] == ["DC201"]
    twin = text.replace("${ctx.last_response}", "${params.x}")
    assert only(lint(twin, config=config), "DIP124") == []


# -- DIP125 --------------------------------------------------------------------------------

MISSING = "dipcheck-no-such-program-4711"


# off by default: the answer depends on the machine running dipcheck
WITH_DIP125 = Config(extend_select=("DIP125",))


def test_dip125_first_program_not_on_path() -> None:
    text = TOOL.replace("go vet ./...", f"{MISSING} ./...").replace(
        "if [ -f go.mod ]; then", "if [ -f go.mod ]; then\n        X=$(pwd)"
    )
    assert only(lint(text, config=WITH_DIP125), "DIP125") == [
        Finding("DIP125", "hint", (9, 9), (9, 38), MISSING)
    ]
    assert only(lint(text), "DIP125") == []  # not selected by default


def test_dip125_twin_builtins_and_programs_on_path() -> None:
    text = TOOL.replace("go vet ./...", "sh -c true")
    assert only(lint(text, config=WITH_DIP125), "DIP125") == []


def test_dip125_looks_again_in_a_long_running_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The language server lints in one process for days: a program installed meanwhile is
    found by the next lint (the answer was kept for the process's life)."""
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    text = TOOL.replace("go vet ./...", f"{MISSING} ./...")
    expected = [Finding("DIP125", "hint", (8, 9), (8, 38), MISSING)]
    assert only(lint(text, config=WITH_DIP125), "DIP125") == expected
    program = tmp_path / MISSING
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    assert only(lint(text, config=WITH_DIP125), "DIP125") == []
    program.unlink()
    assert only(lint(text, config=WITH_DIP125), "DIP125") == expected


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("set -e\ncd x\nmake test", "make"),
        ("X=$(git rev-parse HEAD)\nenv", "env"),
        ("command -v jq >/dev/null || exit 1\njq .", "jq"),
        ("cat <<EOF\nnot a command\nEOF", "cat"),
        ("mkdir -p out\n./run.sh\nmake", "make"),
        ("for f in a b; do\n  rm $f\ndone", "rm"),
        ("case $x in a) make ;; esac", None),
        ("${params.tool} --fast", None),
        ("build() { go build; }\nbuild", None),
    ],
)
def test_first_program(script: str, expected: str | None) -> None:
    found = first_program(script)
    assert (found[0] if found else None) == expected
    if found:
        assert script[found[1] : found[2]] == expected


# -- DC207 ---------------------------------------------------------------------------------

needs_shellcheck = pytest.mark.skipif(
    shutil.which("shellcheck") is None, reason="shellcheck is not installed"
)


@needs_shellcheck
def test_dc207_reports_shellcheck_at_its_place() -> None:
    text = TOOL.replace("go vet ./...", "cd sub\n        go vet ./...")
    assert only(lint(text), "DC207") == [Finding("DC207", "warning", (8, 9), (8, 15), "cd sub")]
    [item] = [item for item in run(text).diagnostics if item.code == "DC207"]
    assert item.message.startswith("shellcheck SC2164 (warning) in the command of tool `Check`")
    assert item.message.endswith("(https://www.shellcheck.net/wiki/SC2164)")
    assert item.fix is not None and not item.fix.safe


@needs_shellcheck
def test_dc207_twin_and_placeholders_do_not_count() -> None:
    text = TOOL.replace("go vet ./...", "cd sub || exit 1\n        go vet ./...")
    assert only(lint(text), "DC207") == []


@needs_shellcheck
def test_dc207_uses_the_shebang_shell() -> None:
    bash_only = TOOL.replace("if [ -f go.mod ]; then", "if [[ -f go.mod ]]; then")
    assert only(lint(bash_only), "DC207") == []
    posix = bash_only.replace("    command:\n", "    command:\n      #!/bin/sh\n")
    assert [(item.code, item.text) for item in only(lint(posix), "DC207")] == [
        ("DC207", "[[ -f go.mod ]]")
    ]


@needs_shellcheck
@pytest.mark.parametrize(
    ("line", "text", "code"),
    [
        ('NEXT=$(cat next.txt)\n        printf "milestone-$NEXT"', '"milestone-$NEXT"', 2059),
        ("rm *.log", "*", 2035),
        ('ssh build-host "ls $DIR"', "$DIR", 2029),
    ],
)
def test_dc207_security_relevant_info_checks_are_infos(line: str, text: str, code: int) -> None:
    # reported although shellcheck rates them info, at info: on real workflows (tracker's
    # build_product `printf "milestone-$NEXT"`) the data is a number the workflow wrote
    findings = only(lint(TOOL.replace("go vet ./...", line)), "DC207")
    assert [(item.severity, item.text) for item in findings] == [("info", text)]
    [item] = [d for d in run(TOOL.replace("go vet ./...", line)).diagnostics if d.code == "DC207"]
    assert item.message.startswith(f"shellcheck SC{code} (info in shellcheck, reported because ")


@needs_shellcheck
def test_dc207_an_unused_variable_is_an_info() -> None:
    # SC2034 is a shellcheck warning, but an unused variable changes nothing the command does
    text = TOOL.replace("go vet ./...", "MAIN=$(git rev-parse HEAD)\n        go vet ./...")
    assert only(lint(text), "DC207") == [Finding("DC207", "info", (8, 9), (8, 13), "MAIN")]
    twin = TOOL.replace("go vet ./...", 'MAIN=$(git rev-parse HEAD)\n        echo "$MAIN"')
    assert only(lint(twin), "DC207") == []


@needs_shellcheck
@pytest.mark.parametrize(
    "line",
    [
        'NEXT=$(cat next.txt)\n        printf "milestone-%s" "$NEXT"',
        "rm ./*.log",
        "ssh build-host 'ls \"$DIR\"'",
        "ls -1 out/ | head",  # SC2012 (info): not reported
        "X=1\n        echo $X",  # SC2086 (info): not reported
    ],
)
def test_dc207_twins_and_other_info_checks(line: str) -> None:
    assert only(lint(TOOL.replace("go vet ./...", line)), "DC207") == []


@needs_shellcheck
def test_dc207_in_a_command_file(tmp_path: Path) -> None:
    (tmp_path / "check.sh").write_text('#!/bin/sh\ncd "$1"\nls\n')
    [item] = [
        item
        for item in run(FROM_FILE, str(tmp_path / "sh.dip")).diagnostics
        if item.code == "DC207"
    ]
    assert item.span.path.endswith("check.sh") and item.span.text == 'cd "$1"'


@needs_shellcheck
def test_dc207_reads_no_shellcheckrc_above_the_temporary_scripts(tmp_path: Path) -> None:
    """shellcheck looks for a `.shellcheckrc` beside the script and above it, and the scripts
    are temporary files: one planted in the temporary directory's parents (`/tmp` or `/` on a
    shared machine) turned DC207 off, and the empty verdict was cached."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    (tmp_path / ".shellcheckrc").write_text("disable=all\n", encoding="utf-8")
    path = tmp_path / "flow" / "sh.dip"
    path.parent.mkdir()
    path.write_text(TOOL.replace("go vet ./...", "cd sub\n        go vet ./..."))
    environment = {**os.environ, "TMPDIR": str(temporary)}
    environment["DIPCHECK_CACHE_DIR"] = str(tmp_path / "cache")
    command = [sys.executable, "-m", "dipcheck", "lint", "--no-cache", "--format", "concise"]
    found = subprocess.run(
        [*command, str(path)], capture_output=True, text=True, env=environment, check=False
    )
    assert "DC207" in found.stdout and "SC2164" in found.stdout, found.stdout + found.stderr


def test_cli_no_shell_and_no_env_checks(tmp_path: Path) -> None:
    path = tmp_path / "sh.dip"
    path.write_text(TOOL.replace("      fi\n", "").replace("go vet", MISSING))
    command = [sys.executable, "-m", "dipcheck", "lint", "--format", "concise", str(path)]
    command += ["--extend-select", "DIP125"]
    plain = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    assert "DIP123" in plain and "DIP125" in plain
    quiet = subprocess.run(
        [*command, "--no-shell", "--no-env-checks"], capture_output=True, text=True, check=False
    ).stdout
    assert "DIP123" not in quiet and "DIP125" not in quiet and "DC207" not in quiet


def _stored(cache: Path) -> dict[str, object]:
    """Every verdict kept in ``cache`` for the tool "verdicts", shard after shard."""
    entries: dict[str, object] = {}
    for path in sorted((cache / "verdicts").glob("*.json")):
        entries.update(json.loads(unsealed(path))["entries"])
    return entries


def test_verdict_cache_keeps_what_another_process_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dipcheck.shelltools import _ResultCache

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    first, second = _ResultCache("verdicts"), _ResultCache("verdicts")  # two workers
    first.fill(["a"], lambda keys: [1 for _ in keys])
    second.fill(["b"], lambda keys: [2 for _ in keys])
    assert _stored(tmp_path) == {"a": 1, "b": 2}  # keys that are not sha256: one shard
    first.fill(["3fa", "a"], lambda keys: [3 for _ in keys])
    assert _stored(tmp_path) == {"3fa": 3, "a": 1, "b": 2}
    assert sorted(path.name for path in (tmp_path / "verdicts").iterdir()) == [
        "00.json",
        "3f.json",
    ]


def test_a_verdict_the_tool_did_not_give_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tool that timed out answers None: the key is not judged, and the next run asks
    again instead of reading "no comments" from the cache."""
    from dipcheck.shelltools import _ResultCache

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    verdicts = _ResultCache("verdicts")
    assert verdicts.fill(["a", "b"], lambda keys: [None, 2]) == [None, 2]
    assert _stored(tmp_path) == {"b": 2}


def test_verdict_cache_keeps_the_most_recently_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A shard holds at most ``_MAX_ENTRIES`` verdicts, dropping those unused longest: a
    cache that only grew took 0.2 s to read once fuzzing had filled it with 4,000 verdicts."""
    from dipcheck import shelltools

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(shelltools, "_MAX_ENTRIES", 3)
    shelltools._ResultCache("verdicts").fill(["a", "b", "c"], lambda keys: [1 for _ in keys])
    verdicts = shelltools._ResultCache("verdicts")
    assert verdicts.fill(["a", "d"], lambda keys: [2 for _ in keys]) == [1, 2]  # "a" used
    stored = json.loads(unsealed(tmp_path / "verdicts" / "00.json"))
    assert stored["entries"] == {"c": 1, "a": 1, "d": 2}


def test_a_malformed_verdict_is_judged_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dipcheck import shelltools

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    judged: list[str] = []

    def judge(keys: list[str]) -> list[int]:
        judged.extend(keys)
        return [1 for _ in keys]

    shelltools._ResultCache("verdicts").fill(["a"], judge)
    path = tmp_path / "verdicts" / "00.json"
    stored = json.loads(unsealed(path))
    stored["entries"]["a"] = "not a verdict"
    write_sealed(path, json.dumps(stored).encode("utf-8"))
    checked = shelltools._ResultCache("verdicts", lambda value: isinstance(value, int))
    assert checked.fill(["a"], judge) == [1] and judged == ["a", "a"]


def test_a_killed_writer_leaves_no_lasting_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dipcheck import shelltools

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    (tmp_path / "verdicts").mkdir(mode=0o700)
    stale, fresh = tmp_path / "verdicts" / ".00.json.old", tmp_path / "verdicts" / ".00.json.new"
    for item in (stale, fresh):
        item.write_text("{", encoding="utf-8")
    hours_ago = time.time() - 2 * shelltools._STALE_SECONDS
    os.utime(stale, (hours_ago, hours_ago))
    shelltools._ResultCache("verdicts").fill(["a"], lambda keys: [1 for _ in keys])
    assert sorted(item.name for item in (tmp_path / "verdicts").iterdir()) == [
        ".00.json.new",
        "00.json",
    ]


def test_a_lookup_reads_only_the_shards_of_its_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """256 files by the key's first two hex digits: a run asking for a few verdicts reads a
    few small files, not every verdict the machine has kept; the one file earlier releases
    wrote goes when a shard is written."""
    from dipcheck import files, shelltools

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    (tmp_path / "verdicts.json").write_text('{"version": 1, "entries": {}}', encoding="utf-8")
    keys = [f"{first:02x}{'0' * 62}" for first in range(256)]
    shelltools._ResultCache("verdicts").fill(keys, lambda asked: [1 for _ in asked])
    assert len(list((tmp_path / "verdicts").iterdir())) == 256
    assert not (tmp_path / "verdicts.json").exists()
    read: list[str] = []
    real = files.read_private
    monkeypatch.setattr(
        shelltools, "read_private", lambda path, limit: read.append(path) or real(path, limit)
    )
    assert shelltools._ResultCache("verdicts").fill(keys[7:9], lambda asked: []) == [1, 1]
    assert sorted(os.path.basename(path) for path in read) == ["07.json", "08.json"]


def test_shellcheck_that_times_out_gives_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    from dipcheck import shelltools

    def slow(command: list[str], **options: object) -> subprocess.CompletedProcess:
        assert options["timeout"] == shelltools.SHELLCHECK_SECONDS
        raise subprocess.TimeoutExpired(command, shelltools.SHELLCHECK_SECONDS)

    monkeypatch.setattr(shelltools, "shellcheck_path", lambda: "/bin/shellcheck")
    monkeypatch.setattr(subprocess, "run", slow)
    assert shelltools._run_shellcheck([("echo a", ""), ("echo b", "")], "bash") == [None, None]


def test_a_script_too_long_for_shellcheck_is_not_given_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """shellcheck's time grows faster than its input on some scripts (found by tools/fuzz.py,
    dip seed 3030 #23689: a 300 KB command kept it busy past a minute)."""
    from dipcheck import shelltools

    given: list[str] = []

    def record(group: list[tuple[str, str]], shell: str) -> list[list[dict]]:
        given.extend(script for script, _ in group)
        return [[] for _ in group]

    monkeypatch.setenv("DIPCHECK_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(shelltools, "_run_shellcheck", record)
    shelltools._cache.cache_clear()
    long = "echo " + "x" * shelltools.SHELLCHECK_MAX_CHARS
    short = "echo " + "x" * (shelltools.SHELLCHECK_MAX_CHARS - 5)
    assert shelltools.shellcheck([(long, "bash"), (short, "bash")]) == [None, []]
    assert given == [short]
    shelltools._cache.cache_clear()


# 15 KB: under shellcheck's size limit
DEEP = "if [ -f x ]; then e" + "${" * 5000 + "x" + "}" * 5000 + "; fi"


@needs_shellcheck
def test_a_command_nested_past_shellchecks_reach_does_not_silence_the_others(
    tmp_path: Path,
) -> None:
    """5,000 nested `${` in one command took shellcheck past its 10 s limit and 1 GB, and the
    other commands checked in the same shellcheck run lost their findings with it (B's
    SC2045 here); every lint of the file paid the 10 s again. A script nested deeper than
    SHELLCHECK_MAX_NESTING is no longer given to shellcheck (bash -n still reads it)."""
    workflow = tmp_path / "two.dip"
    workflow.write_text(
        "workflow W\n  start: A\n  exit: B\n\n"
        f"  tool A\n    command: {DEEP}\n    timeout: 10s\n\n"
        "  tool B\n    command: for f in $(ls *.txt); do wc -l $f; done\n    timeout: 10s\n\n"
        "  edges\n    A -> B\n",
        encoding="utf-8",
    )
    began = time.monotonic()
    process = dipcheck(
        "lint", "--no-cache", "--isolated", "--format", "json", workflow,
        env={"DIPCHECK_CACHE_DIR": str(tmp_path / "cache")},
    )  # fmt: skip
    took = time.monotonic() - began
    found = [
        (item["code"], item["severity"], item["range"], item["message"].split(":")[0])
        for item in json.loads(process.stdout)["diagnostics"]
        if item["code"] in ("DC207", "DIP123")  # (bash -n reads A's command without a word)
    ]
    position = {"line": 10, "column": 23}
    assert found == [
        (
            "DC207",
            "warning",
            {"start": position, "end": {"line": 10, "column": 34}},  # `$(ls *.txt)`
            "shellcheck SC2045 (error) in the command of tool `B`",
        ),
        (
            "DC207",
            "info",
            {"start": {"line": 10, "column": 28}, "end": {"line": 10, "column": 29}},  # `*`
            "shellcheck SC2035 (info in shellcheck, reported because a file name starting with "
            "`-` becomes an option of the command) in the command of tool `B`",
        ),
    ]
    assert took < 8  # (shellcheck's limit was 10 s)


def test_nesting_counts_the_deepest_brackets() -> None:
    from dipcheck.shelltools import nesting

    assert nesting("echo hi") == 0
    assert nesting('x=$(a "$(b ${c[0]})")') == 4
    assert nesting("a ) } ] ( b") == 1  # (closing ones with nothing open are ignored)
    assert nesting(DEEP) == 5000


SHELL_CHECKED = template(
    """
    workflow W
      start: T
      exit: T
      tool T
        timeout: 1m
        command:
          ls $1 | grep foo
    """
)
UNTERMINATED = SHELL_CHECKED.replace("ls $1 | grep foo", 'echo "never closed')


def _lint_with(tool: str, body: str, tmp_path: Path, workflow: str) -> str:
    """``lint --no-cache`` of ``workflow`` with ``tool`` on ``$PATH`` replaced, in place, by
    a script of ``body``; the verdict cache lives in ``tmp_path``."""
    programs = tmp_path / "bin"
    programs.mkdir(exist_ok=True)
    program = programs / tool
    program.write_text(body, encoding="utf-8")
    program.chmod(0o755)
    path = tmp_path / "w.dip"
    path.write_text(workflow, encoding="utf-8")
    environment = {**os.environ, "DIPCHECK_CACHE_DIR": str(tmp_path / "cache")}
    environment["PATH"] = f"{programs}{os.pathsep}{environment.get('PATH', '')}"
    command = [sys.executable, "-m", "dipcheck", "lint", "--no-cache", "--isolated"]
    completed = subprocess.run(
        [*command, "--format", "concise", str(path)],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    return completed.stdout


def test_a_shellcheck_that_fails_gives_no_verdict_and_an_upgrade_is_asked_again(
    tmp_path: Path,
) -> None:
    """A shellcheck that failed (exit 3, no json1) was read as "no comments" and kept: the
    script stayed clean for every later run, `--no-cache` included, whichever shellcheck was
    installed after. The kept verdicts also outlived an upgrade in place."""
    failing = "#!/bin/sh\necho 'shellcheck: unsupported format json1' >&2\nexit 3\n"
    assert "DC207" not in _lint_with("shellcheck", failing, tmp_path, SHELL_CHECKED)
    comment = (
        '{"comments":[{"file":"\'"$last"\'","line":1,"endLine":1,"column":1,"endColumn":3,'
        '"level":"warning","code":2010,"message":"Do not use ls | grep."}]}'
    )
    working = f"#!/bin/sh\nfor last; do :; done\necho '{comment}'\nexit 1\n"
    found = _lint_with("shellcheck", working, tmp_path, SHELL_CHECKED)
    assert "DC207" in found and "SC2010" in found, found
    # the same path, another program (an upgrade): its own verdict, not the one kept
    quiet = working.replace("exit 1", "exit 0").replace(comment, '{"comments":[]}')
    assert "DC207" not in _lint_with("shellcheck", quiet, tmp_path, SHELL_CHECKED)


def test_a_bash_that_could_not_start_gives_no_verdict(tmp_path: Path) -> None:
    """bash that could not be started (or timed out) was a pass, kept: the unterminated
    quote below stayed unreported once bash worked again."""
    broken = "#!/nonexistent/interpreter\n"
    assert "DIP123" not in _lint_with("bash", broken, tmp_path, UNTERMINATED)
    real = shutil.which("bash")
    assert real is not None
    working = f'#!/bin/sh\nexec {real} "$@"\n'
    assert "DIP123" in _lint_with("bash", working, tmp_path, UNTERMINATED)

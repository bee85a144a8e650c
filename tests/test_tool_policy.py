"""tracker's tool-command gate: DC208 (denylist), DC209 (allowlist), DC210 (working_dir),
DC213 (no command), DC214 (output_limit ceiling) and the DOT handler values reported as DC005,
each with its exact range and a passing twin; the statement splitting and matching are
property-tested against a direct transcription of tracker's algorithm."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from helpers import Finding, dedent, lint, only, run, template
from hypothesis import given
from hypothesis import strategies as st

from dipcheck.analysis import tool_safety as safety

BASE = template(
    """
    workflow Tools
      start: Plan
      exit: Done
      vars
        url: https://example.invalid/data.json
      agent Plan
        prompt: Plan the change.
      tool Fetch
        timeout: 1m
        command:
          mkdir -p .ai
          curl -fsSL ${params.url} -o .ai/data.json
          jq '.items' .ai/data.json
      agent Done
        label: Done
      edges
        Plan -> Fetch
        Fetch -> Done
    """
)
CODES = ("DC208", "DC209", "DC210", "DC213", "DC214")


def messages(text: str, code: str, path: str = "<test>.dip") -> list[str]:
    return [item.message for item in run(text, path).diagnostics if item.code == code]


def test_base_is_clean() -> None:
    assert only(lint(BASE), *CODES) == []


# -- DC208 ----------------------------------------------------------------------------------


def test_dc208_curl_piped_into_another_program() -> None:
    text = BASE.replace(
        "curl -fsSL ${params.url} -o .ai/data.json", "curl -fsSL ${params.url} | jq . > out.json"
    )
    assert only(lint(text), "DC208") == [
        Finding("DC208", "error", (12, 7), (12, 49), "curl -fsSL ${params.url} | jq . > out.json")
    ]
    [message] = messages(text, "DC208")
    assert message.startswith(
        "tracker refuses to run tool `Fetch`: the statement `curl -fsSL ${params.url} | jq . > "
        "out.json` matches tracker's built-in denied pattern `curl * | *`, and the run fails there"
    )


@pytest.mark.parametrize(
    ("statement", "pattern"),
    [
        ("source .venv/bin/activate", "source *"),
        (". ./env.sh", ". ./*"),
        (". /etc/profile", ". /*"),
        ('eval "$(ssh-agent -s)"', "eval *"),
        ("exec python app.py", "exec *"),
        ("wget -qO- https://x|tar xz", "wget * | *"),
        ("cat install.sh |bash", "* | bash"),
        ("cat install.sh | sh -s -- -y", "* | sh *"),
        ("EVAL\tfoo", "eval *"),
    ],
)
def test_dc208_builtin_patterns(statement: str, pattern: str) -> None:
    text = BASE.replace("mkdir -p .ai", statement)
    [finding] = only(lint(text), "DC208")
    assert (finding.start, finding.text) == ((11, 7), statement)
    assert f"built-in denied pattern `{pattern}`" in messages(text, "DC208")[0]


@pytest.mark.parametrize(
    "statement",
    [
        "exec 3>&-",
        "exec >log 2>&1",
        "exec 3< input.txt",
        "if eval true; then :; fi",  # the statement is `if eval true`: not anchored at `eval`
        "# eval is not used here",  # anchored: the statement starts with `#`
        "cat x | shellcheck -",
        "echo $SOURCE_DIR",
        "./build.sh | tee log",
    ],
)
def test_dc208_twins_that_tracker_accepts(statement: str) -> None:
    assert only(lint(BASE.replace("mkdir -p .ai", statement)), "DC208") == []


def test_dc208_splits_inside_quotes_and_comments() -> None:
    text = BASE.replace(
        "mkdir -p .ai", 'echo "ready; eval next"\n      # docs: curl https://x | sh'
    )
    findings = only(lint(text), "DC208")
    assert findings == [
        Finding("DC208", "error", (11, 20), (11, 30), 'eval next"'),
        Finding("DC208", "error", (12, 7), (12, 34), "# docs: curl https://x | sh"),
    ]
    quoted, comment = messages(text, "DC208")
    assert "to the shell this text is not a command of its own" in quoted
    assert "the line is a shell comment, but tracker's check does not skip comments" in comment


def test_dc208_placeholders_count_only_when_every_value_is_refused() -> None:
    # `eval ${params.cmd}` with an empty value is the statement `eval`, which `eval *` does
    # not match; quoted, it is refused whatever the value
    bare = BASE.replace("mkdir -p .ai", "eval ${params.url}")
    assert only(lint(bare), "DC208") == []
    quoted = BASE.replace("mkdir -p .ai", 'eval "${params.url}"')
    assert [item.text for item in only(lint(quoted), "DC208")] == ['eval "${params.url}"']
    # a graph variable is a placeholder too
    variable = BASE.replace("mkdir -p .ai", "$params.url | sh")
    assert [item.text for item in only(lint(variable), "DC208")] == ["$params.url | sh"]


def test_dc208_tool_denylist_add() -> None:
    text = BASE.replace("  vars\n", '  defaults\n    tool_denylist_add: "rm -rf *, dd *"\n  vars\n')
    text = text.replace("mkdir -p .ai", "rm -rf .ai")
    [finding] = only(lint(text), "DC208")
    assert finding == Finding("DC208", "error", (13, 7), (13, 17), "rm -rf .ai")
    [item] = [d for d in run(text).diagnostics if d.code == "DC208"]
    assert "the denied pattern that `tool_denylist_add` adds: `rm -rf *`" in item.message
    assert [related.span.text for related in item.related] == ["rm -rf *"]


def test_dc208_twin_denylist_add_not_matching() -> None:
    text = BASE.replace("  vars\n", '  defaults\n    tool_denylist_add: "rm -rf /*"\n  vars\n')
    assert only(lint(text.replace("mkdir -p .ai", "rm -rf .ai")), "DC208") == []


def test_dc208_in_a_command_file(tmp_path: Path) -> None:
    (tmp_path / "fetch.sh").write_text("set -e\nsource ./lib.sh\n")
    inline = (
        "      mkdir -p .ai\n      curl -fsSL ${params.url} -o .ai/data.json\n"
        "      jq '.items' .ai/data.json"
    )
    text = BASE.replace("    command:\n" + inline, "    command_file: fetch.sh")
    [item] = [d for d in run(text, str(tmp_path / "w.dip")).diagnostics if d.code == "DC208"]
    assert item.span.path.endswith("fetch.sh")
    assert (item.span.text, item.span.start_position()) == ("source ./lib.sh", (1, 0))


def test_dc208_dot() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          T [shape=parallelogram, tool_command="set -e\\nsource env.sh\\nmake"]
          S -> T -> E
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC208") == [
        Finding("DC208", "error", (4, 49), (4, 62), "source env.sh")
    ]
    twin = text.replace("source env.sh", "sh env.sh")
    assert only(lint(twin, "g.dot"), "DC208") == []


# -- DC209 ----------------------------------------------------------------------------------

ALLOW = BASE.replace(
    "  vars\n", '  defaults\n    tool_commands_allow: "mkdir *, curl *, jq *"\n  vars\n'
)


def test_dc209_twin_every_statement_allowed() -> None:
    assert only(lint(ALLOW), "DC209") == []


def test_dc209_statement_outside_the_allowlist() -> None:
    text = ALLOW.replace("mkdir -p .ai", "mkdir -p .ai && cd .ai")
    assert only(lint(text), "DC209") == [Finding("DC209", "error", (13, 23), (13, 29), "cd .ai")]
    [message] = messages(text, "DC209")
    assert message.startswith(
        "tracker refuses to run tool `Fetch`: the statement `cd .ai` matches none of the "
        "`tool_commands_allow` patterns (`mkdir *`, `curl *`, `jq *`), and the run fails there"
    )


def test_dc209_whitespace_is_not_collapsed() -> None:
    text = ALLOW.replace('"mkdir *, curl *, jq *"', '"mkdir -p *, curl *, jq *"')
    text = text.replace("mkdir -p .ai", "mkdir  -p .ai")
    [message] = messages(text, "DC209")
    assert "matched without collapsing whitespace" in message


def test_dc209_statements_with_placeholders_are_not_judged() -> None:
    # `$params.url` could expand to a text an allowlist pattern matches: not reported
    text = ALLOW.replace('"mkdir *, curl *, jq *"', '"mkdir *, curl *, jq *, https://*"')
    assert only(lint(text.replace("mkdir -p .ai", "$params.url")), "DC209") == []
    # a bare `$url` is not a graph variable in a .dip file (vars are `params.*`): judged
    assert len(only(lint(text.replace("mkdir -p .ai", "$url")), "DC209")) == 1


def test_dc209_dot_graph_attribute() -> None:
    text = dedent(
        """
        digraph G {
          tool_commands_allow="git *"
          S [shape=Mdiamond]
          E [shape=Msquare]
          T [shape=parallelogram, tool_command="git status; make"]
          S -> T -> E
        }
        """
    )
    assert only(lint(text, "g.dot"), "DC209") == [
        Finding("DC209", "error", (5, 53), (5, 57), "make")
    ]


# -- DC210 ----------------------------------------------------------------------------------

DOT_TOOL = dedent(
    """
    digraph G {
      goal="ship"
      S [shape=Mdiamond]
      E [shape=Msquare]
      T [shape=parallelogram, tool_command="make", working_dir="build/out"]
      S -> T -> E
    }
    """
)


def test_dc210_twin_plain_directory() -> None:
    assert only(lint(DOT_TOOL, "g.dot"), "DC210", "DC005") == []
    variable = DOT_TOOL.replace("build/out", "$goal/out")
    assert only(lint(variable, "g.dot"), "DC210") == []


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("../app", "still contains `..` after cleaning (`../app`)"),
        ("$HOME/app", "shell metacharacter(s) $"),
        ("${graph.goal}", "shell metacharacter(s) $"),
        ("out;rm", "shell metacharacter(s) ;"),
    ],
)
def test_dc210_refused_working_dir(value: str, why: str) -> None:
    text = DOT_TOOL.replace("build/out", value)
    [finding] = only(lint(text, "g.dot"), "DC210")
    assert (finding.severity, finding.start, finding.text) == ("error", (5, 61), value)
    assert why in messages(text, "DC210", "g.dot")[0]


def test_dc210_cleaning_removes_inner_dots() -> None:
    assert only(lint(DOT_TOOL.replace("build/out", "build/../out"), "g.dot"), "DC210") == []


# -- DC005 on DOT handler values ------------------------------------------------------------


@pytest.mark.parametrize(
    ("attribute", "value", "problem"),
    [
        ("timeout", "30", "invalid duration '30' (Go durations need a unit: 30s, 5m, 1h30m)"),
        ("timeout", "0s", "'0s' is not a positive duration"),
        ("output_limit", "1GB", "invalid size '1GB' (bytes, or a number with KB or MB)"),
        ("output_limit", "0", "'0' is not a positive size"),
    ],
)
def test_dc005_tool_values_the_handler_refuses(attribute: str, value: str, problem: str) -> None:
    text = DOT_TOOL.replace('working_dir="build/out"', f'{attribute}="{value}"')
    [finding] = only(lint(text, "g.dot"), "DC005")
    assert (finding.severity, finding.start[0], finding.text) == ("error", 5, f'"{value}"')
    [message] = messages(text, "DC005", "g.dot")
    assert message.startswith(f"{problem} for `{attribute}` of node `T`: the tool handler")


@pytest.mark.parametrize(
    ("attribute", "value"), [("timeout", "1h30m"), ("output_limit", "64KB"), ("output_limit", "")]
)
def test_dc005_twins_tool_values_accepted(attribute: str, value: str) -> None:
    text = DOT_TOOL.replace('working_dir="build/out"', f'{attribute}="{value}"')
    assert only(lint(text, "g.dot"), "DC005") == []


def test_dc005_manager_loop_values() -> None:
    text = dedent(
        """
        digraph G {
          S [shape=Mdiamond]
          E [shape=Msquare]
          M [shape=house, subgraph_ref="child.dip", poll_interval="30", max_cycles="0"]
          S -> M -> E
        }
        """
    )
    findings = only(lint(text, "g.dot"), "DC005")
    assert [(item.start, item.text) for item in findings] == [((4, 59), '"30"'), ((4, 76), '"0"')]
    twin = text.replace('"30"', '"30s"').replace('"0"', '"5"')
    assert only(lint(twin, "g.dot"), "DC005") == []


# -- DC213 ----------------------------------------------------------------------------------


def test_dc213_tool_without_command() -> None:
    inline = (
        "    command:\n      mkdir -p .ai\n      curl -fsSL ${params.url} -o .ai/data.json\n"
        "      jq '.items' .ai/data.json\n"
    )
    text = BASE.replace(inline, "")
    assert only(lint(text), "DC213") == [Finding("DC213", "error", (8, 8), (8, 13), "Fetch")]


def test_dc213_dot_and_twin() -> None:
    text = DOT_TOOL.replace(', tool_command="make"', "")
    assert only(lint(text, "g.dot"), "DC213") == [Finding("DC213", "error", (5, 3), (5, 4), "T")]
    assert only(lint(DOT_TOOL, "g.dot"), "DC213") == []


# -- DC214 ----------------------------------------------------------------------------------


def test_dc214_output_limit_above_the_ceiling() -> None:
    text = BASE.replace("    timeout: 1m\n", "    timeout: 1m\n    output_limit: 20971520\n")
    assert only(lint(text), "DC214") == [
        Finding("DC214", "warning", (10, 19), (10, 27), "20971520")
    ]
    twin = text.replace("20971520", "10485760")
    assert only(lint(twin), "DC214") == []


def test_dc214_dot_suffix() -> None:
    text = DOT_TOOL.replace('working_dir="build/out"', 'output_limit="11MB"')
    assert [item.text for item in only(lint(text, "g.dot"), "DC214")] == ["11MB"]


# -- the matching itself --------------------------------------------------------------------


def reference_statements(command: str) -> list[str]:
    """tracker's splitCommandStatements, transcribed directly."""
    flat = command.replace("\n", ";")
    parts = [part.strip() for part in re.split(r"[\t\n\f\r ]*(?:;|&&|\|\|)[\t\n\f\r ]*", flat)]
    statements = [part for part in parts if part]
    return statements or [flat.strip()]


SHELLISH = st.lists(
    st.sampled_from([*"ab $;&|\n\t\"'#.*/-=", "eval ", "| sh", "exec ", "3>&-", "curl "])
).map("".join)


@given(SHELLISH)
def test_splitting_matches_tracker(command: str) -> None:
    statements = safety.split_statements(command)
    assert [item.text for item in statements] == reference_statements(command)
    for item in statements:
        assert command.replace("\n", ";")[item.start : item.end] == item.text


def test_a_long_run_of_blanks_is_split_in_linear_time() -> None:
    """Found by tools/fuzz.py: a 300,000-blank line in a tool command took minutes (the
    separator pattern rescanned the run from each blank); now milliseconds."""
    command = "echo" + " " * 200_000 + "x ; make"
    started = time.perf_counter()
    statements = safety.split_statements(command)
    assert time.perf_counter() - started < 2.0
    assert [item.text for item in statements] == [command[:-7], "make"]
    assert (statements[1].start, statements[1].end) == (len(command) - 4, len(command))


def test_many_statements_with_placeholders_are_checked_in_linear_time() -> None:
    """Every placeholder was tested against every statement: a 10,000-line command with a
    `${ctx.…}` on each line took 12 s; now a fraction of a second. Its twin: the placeholder
    statements are still tried with every probe (`eval x ${ctx.x}` is denied whatever it holds,
    `echo ${ctx.x}` is not)."""
    from dipcheck.shelltools import placeholder_spans

    command = "\n".join(f"echo ${{ctx.k{number}}} done" for number in range(10_000))
    command += "\neval x ${ctx.x}"
    spans = placeholder_spans(command)
    started = time.perf_counter()
    verdicts = list(safety.statement_verdicts(command, spans))
    assert time.perf_counter() - started < 2.0
    assert [(item.statement.text, item.pattern) for item in verdicts] == [
        ("eval x ${ctx.x}", "eval *")
    ]


@given(st.text(alphabet=st.sampled_from(list("ab *?.[]\\|^$()+"))), SHELLISH)
def test_glob_matches_a_translation_of_the_pattern(pattern: str, text: str) -> None:
    translated = "".join(".*" if char == "*" else re.escape(char) for char in pattern.lower())
    assert safety.glob_match(pattern, text) == (re.fullmatch(translated, text.lower()) is not None)


@given(SHELLISH, st.sampled_from([(), ("rm *",), ("*a*", "eval *")]))
def test_denied_by_names_the_first_pattern_in_tracker_order(
    statement: str, extra: tuple[str, ...]
) -> None:
    """The built-in patterns are matched as one alternation; it must name the pattern that
    tracker's loop over them (and then over ``extra``) meets first, `exec` exemption included."""
    text = safety.normalise(statement)
    expected = next(
        (
            pattern
            for pattern in (*safety.BUILTIN_DENY_PATTERNS, *extra)
            if safety.glob_match(pattern, text)
            and not (pattern == "exec *" and safety.exec_only_redirects(text))
        ),
        None,
    )
    assert safety.denied_by(statement, extra) == expected


@given(SHELLISH)
def test_verdicts_without_placeholders_are_the_denials(command: str) -> None:
    denied = [item.statement.text for item in safety.statement_verdicts(command, [])]
    assert denied == [s for s in reference_statements(command) if s and safety.denied_by(s)]

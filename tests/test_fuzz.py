"""The fuzzer (tools/fuzz.py, docs/fuzzing.md): a short deterministic run of every format and
of the language server, and the harness's own checks (each shown to fail when it should)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
sys.path.insert(0, str(TOOLS))

from fuzzing import campaign as campaign_module  # noqa: E402
from fuzzing import checks, lsp_stream, seeds  # noqa: E402
from fuzzing.worker import Supervisor  # noqa: E402

from dipcheck.engine import LintResult, detect_format  # noqa: E402
from dipcheck.rules.registry import finding  # noqa: E402
from dipcheck.source import MAX_TOKENS, SourceText, Span  # noqa: E402

pytestmark = pytest.mark.fuzz
SEED = 19
# inputs per format in CI: about 45 s in all on a loaded 2-core machine
COUNTS = {"dip": 30, "dot": 20, "yaml": 50, "plan": 80, "lsp": 2}
GOOD = b"workflow W\n  start: A\n  exit: B\n  agent A\n    prompt: hi\n  agent B\n    label: B\n"
GOOD += b"  edges\n    A -> B\n"


@pytest.fixture(scope="module")
def campaign():
    run = campaign_module.Campaign(seeds.load(), seed=SEED, out=None, minimize=False)
    yield run
    run.close()


@pytest.mark.parametrize("fmt", list(COUNTS))
def test_short_run_finds_nothing(campaign, fmt):
    stats = campaign.run(fmt, count=COUNTS[fmt])
    assert stats.executions == COUNTS[fmt]
    replay = [
        f"tools/fuzz.py --format {fmt} --seed {SEED} --index {item.index}: {item.problems}"
        for item in stats.failures
    ]
    assert replay == []


def test_inputs_are_a_function_of_seed_format_and_index():
    loaded = seeds.load()
    for fmt in campaign_module.FILE_FORMATS:
        first = campaign_module.file_input(fmt, campaign_module.rng_for(3, fmt, 5), loaded)
        again = campaign_module.file_input(fmt, campaign_module.rng_for(3, fmt, 5), loaded)
        other = campaign_module.file_input(fmt, campaign_module.rng_for(3, fmt, 6), loaded)
        assert first == again
        assert first.data != other.data


def test_supervisor_kills_a_hang_and_goes_on():
    supervisor = Supervisor(budget=20.0)
    try:
        assert supervisor.check("w.dip", GOOD, None).problems == []
        supervisor.budget = 0.0  # no answer can come in time
        assert supervisor.check("w.dip", GOOD, None).problems == ["hang: no answer within 0 s"]
        assert supervisor.restarts == 1
        supervisor.budget = 20.0
        assert supervisor.check("w.dip", GOOD, None).problems == []
    finally:
        supervisor.stop()


def test_the_memory_limit_holds_in_the_child():
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from fuzzing.worker import limit_memory\n"
        "limit_memory(256)\n"
        "try:\n    bytearray(1024 * 1024 * 1024)\nexcept MemoryError:\n    print('limited')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(TOOLS)], capture_output=True, text=True, check=True
    )
    assert done.stdout == "limited\n"


def test_checks_report_an_escaping_exception_and_a_dc000(tmp_path, monkeypatch):
    checks.prepare(str(tmp_path))
    assert checks.check_file(str(tmp_path), "w.dip", GOOD, None).problems == []

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(checks, "lint_file", explode)
    problems = checks.check_file(str(tmp_path), "w.dip", GOOD, None).problems
    assert len(problems) == 1 and problems[0].startswith("lint: RuntimeError at test_fuzz.py:")

    def crashed(path, *args, **kwargs):
        source = SourceText(path, GOOD.decode())
        item = finding("DC000", Span(source, 0, 0), "internal error in rule X: KeyError: 'a'")
        return LintResult(path, source, None, [item])

    monkeypatch.setattr(checks, "lint_file", crashed)
    problems = checks.check_file(str(tmp_path), "w.dip", GOOD, None).problems
    assert problems == ["DC000: internal error in rule X: KeyError: 'a'"]


def test_checks_report_a_span_outside_the_file(tmp_path, monkeypatch):
    def outside(path, *args, **kwargs):
        source = SourceText(path, "workflow W\n")
        item = finding("DIP003", Span(source, 4, 40), "x")
        return LintResult(path, source, None, [item])

    monkeypatch.setattr(checks, "lint_file", outside)
    problems = checks.check_file(str(tmp_path), "w.dot", b"digraph G {}\n", None).problems
    assert problems == ["DIP003: finding span 4..40 outside the text (0..11)"]


def test_checks_report_json_that_is_not_json_or_out_of_the_file(tmp_path, monkeypatch):
    path = str(tmp_path / "w.dip")
    where = {"start": {"line": 1, "column": 1}, "end": {"line": 11, "column": 1}}
    entry = {"code": "DIP003", "file": path, "range": where, "related": [], "fix": None}
    monkeypatch.setattr(
        checks.json_report, "render", lambda results: json.dumps({"diagnostics": [entry]})
    )
    problems = checks.check_file(str(tmp_path), "w.dip", GOOD, None).problems
    assert problems == ["DIP003: json finding line 11 outside the file"]  # 9 lines and ""
    monkeypatch.setattr(checks.json_report, "render", lambda results: '{"diagnostics": [')
    problems = checks.check_file(str(tmp_path), "w.dip", GOOD, None).problems
    assert len(problems) == 1 and problems[0].startswith("json report: not JSON")


def test_checks_accept_the_formatters_refusal_of_a_file_past_the_token_limit(tmp_path):
    """Seed 1313, dip input 28189: lint reports DC002 and fmt refuses the file, as documented;
    any other refusal is still a problem."""
    checks.prepare(str(tmp_path))
    over = GOOD + b"    A -> B " + b"\\" * (MAX_TOKENS + 10) + b"\n"
    assert checks.check_file(str(tmp_path), "w.dip", over, None).problems == []
    problems = []
    checks._check_fmt(checks.Outcome(problems), over.decode(), False)  # lint did not say DC002
    assert problems == [
        f"fmt: the file holds more than {MAX_TOKENS:,} tokens, over dipcheck's limit for one "
        "workflow; not formatted"
    ]


def test_lsp_ranges_are_checked_in_the_negotiated_encoding():
    text = "a🚀b\nx"
    end = {"line": 0, "character": 4}
    where = {"start": {"line": 0, "character": 0}, "end": end}
    assert lsp_stream.inside(text, where, "utf-16")  # the rocket is two UTF-16 units
    assert not lsp_stream.inside(text, where, "utf-32")
    assert lsp_stream.inside(text, where, "utf-8")
    assert not lsp_stream.inside(text, {"start": end, "end": {"line": 2, "character": 0}}, "utf-16")


def test_lsp_log_tracebacks_of_dipcheck_code_are_crashes():
    transport = (
        "ERROR:pygls.server:Unable to handle message\nTraceback (most recent call last):\n"
        '  File "/x/site-packages/pygls/io_.py", line 166, in run_async\n'
        "json.decoder.JSONDecodeError: Expecting value\n"
    )
    ours = (
        "ERROR:pygls.protocol.json_rpc:Failed to handle request 3 textDocument/hover\n"
        "Traceback (most recent call last):\n"
        '  File "/x/lsp/dipcheck_lsp/hover.py", line 10, in hover\n'
        "IndexError: list index out of range\n"
    )
    answered = (
        "ERROR:pygls.protocol.json_rpc:Failed to handle request 4 workspace/executeCommand\n"
        "Traceback (most recent call last):\n"
        '  File "/x/site-packages/pygls/feature_manager.py", line 9, in execute\n'
        "pygls.exceptions.JsonRpcInvalidParams: Invalid Params: Command name 'x' is not defined\n"
    )
    assert lsp_stream.crashes(transport + answered) == []
    assert lsp_stream.crashes(transport + ours + answered) == [ours]


def test_a_dialect_reaches_the_front_end(tmp_path):
    """A `.txt` planner reply is read as an Ordewell plan and a DOT file in its dialect, as a
    `dialect` glob naming the file makes them (not as `.dip`, the fallback)."""
    for name, dialect, expected in (
        ("r.txt", "ordewell", "ordewell"),
        ("g.dot", "attractor", "dot"),
    ):
        path = str(tmp_path / name)
        config = checks.config_for(path, dialect)
        assert config.dialect(path) == dialect
        assert detect_format(path, config) == expected

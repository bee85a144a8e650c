"""Checks for the editor integrations in ``editors/`` (VS Code, Neovim, Helix).

The static checks of the grammar and manifests always run; the Neovim checks need ``nvim``
and skip without it. The VS Code extension itself is run with its real language client in
``test_vscode_client.py``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PROJECT = Path(__file__).resolve().parents[1]
EDITORS = PROJECT / "editors"
VSCODE = EDITORS / "vscode"
NVIM = EDITORS / "nvim"
HELIX = EDITORS / "helix"
GRAMMAR = VSCODE / "syntaxes" / "dip.tmLanguage.json"
LANGUAGE_CONFIGURATION = VSCODE / "language-configuration.json"

# Oniguruma syntax that Python's ``re`` does not understand; a pattern using any of these is
# not checked with ``re``.
ONIGURUMA_ONLY = (r"\G", r"\h", r"\H", r"\p{", r"\P{", r"\z", "(?<", "(?~")


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def package() -> dict[str, Any]:
    return load_json(VSCODE / "package.json")


@pytest.fixture(scope="module")
def grammar() -> dict[str, Any]:
    return load_json(GRAMMAR)


def walk_rules(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict in the grammar (rules, capture maps, repository entries)."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk_rules(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk_rules(value)


def to_python_regex(pattern: str, *, refers_to_begin: bool) -> str | None:
    """The pattern in Python ``re`` syntax, or None when it uses Oniguruma-only syntax.

    ``end`` and ``while`` patterns may refer back to the ``begin`` captures (``\\1``); those
    back-references are replaced by an indentation-like group so that the rest still compiles.
    """
    lookbehind_named = re.sub(r"\(\?<[=!]", "", pattern)
    if any(token in lookbehind_named for token in ONIGURUMA_ONLY):
        return None
    if refers_to_begin:
        pattern = re.sub(r"\\([1-9])", r"(?:[ \\t]*)", pattern)
    return pattern


def grammar_regexes(grammar: dict[str, Any]) -> Iterator[tuple[str, str, bool]]:
    for rule in walk_rules(grammar):
        for key in ("match", "begin", "end", "while"):
            value = rule.get(key)
            if isinstance(value, str):
                yield key, value, key in ("end", "while")


def repository_rule(grammar: dict[str, Any], name: str) -> dict[str, Any]:
    rule = grammar["repository"][name]
    assert isinstance(rule, dict)
    return rule


def rule_regex(rule: dict[str, Any], key: str, *, backref: str = "") -> re.Pattern[str]:
    pattern = rule[key]
    if backref:
        pattern = pattern.replace("\\1", re.escape(backref))
    return re.compile(pattern)


# --- VS Code: manifest, language configuration ------------------------------------------


def test_vscode_json_files_parse() -> None:
    for path in (VSCODE / "package.json", GRAMMAR, LANGUAGE_CONFIGURATION):
        assert isinstance(load_json(path), dict), path


def test_package_json_manifest(package: dict[str, Any]) -> None:
    assert package["name"] == "dipcheck"
    assert package["publisher"] == "dipcheck"
    assert package["engines"]["vscode"] == "^1.85.0"
    assert package["main"] == "./out/extension.js"
    assert package["scripts"]["compile"] == "tsc -p ./"
    assert "watch" in package["scripts"]
    assert package["dependencies"]["vscode-languageclient"].startswith("^9")
    assert {"typescript", "@types/vscode", "@types/node"} <= set(package["devDependencies"])

    contributes = package["contributes"]
    languages = {language["id"]: language for language in contributes["languages"]}
    dip = languages["dip"]
    assert ".dip" in dip["extensions"]
    assert dip["aliases"]
    assert (VSCODE / dip["configuration"]).is_file()

    (grammar_entry,) = [g for g in contributes["grammars"] if g["language"] == "dip"]
    assert grammar_entry["scopeName"] == "source.dip"
    assert (VSCODE / grammar_entry["path"]).resolve() == GRAMMAR.resolve()

    settings = contributes["configuration"]["properties"]
    assert settings["dipcheck.path"]["default"] == "dipcheck"
    assert settings["dipcheck.args"]["type"] == "array"
    assert settings["dipcheck.args"]["default"] == []
    assert "dipcheck.trace.server" in settings

    commands = {command["command"] for command in contributes["commands"]}
    assert "dipcheck.restartServer" in commands


def test_restricted_mode_ignores_the_workspace_settings_that_name_a_program(
    package: dict[str, Any],
) -> None:
    """In an untrusted workspace the extension runs, with `dipcheck.path` and `dipcheck.args`
    from the user settings only: VS Code reads a restricted setting from a workspace only
    once it is trusted. The restricted ones are exactly those that choose the program the
    extension starts (the settings whose change restarts the server, in extension.ts)."""
    untrusted = package["capabilities"]["untrustedWorkspaces"]
    assert untrusted["supported"] == "limited"
    source = (VSCODE / "src" / "extension.ts").read_text(encoding="utf-8")
    found = re.search(r"const RESTART_SETTINGS = \[([^\]]*)\];", source)
    assert found is not None
    restart = re.findall(r"'([^']+)'", found.group(1))
    assert sorted(untrusted["restrictedConfigurations"]) == sorted(restart)
    assert restart == ["dipcheck.path", "dipcheck.args"]


def test_package_lock_matches_manifest(package: dict[str, Any]) -> None:
    lock = load_json(VSCODE / "package-lock.json")
    assert lock["lockfileVersion"] == 3
    root = lock["packages"][""]
    assert root["dependencies"] == package["dependencies"]
    assert root["devDependencies"] == package["devDependencies"]
    for name in [*package["dependencies"], *package["devDependencies"]]:
        assert f"node_modules/{name}" in lock["packages"], name


def test_language_configuration() -> None:
    config = load_json(LANGUAGE_CONFIGURATION)
    assert config["comments"]["lineComment"] == "#"
    assert config["folding"]["offSide"] is True
    opens = {pair["open"] for pair in config["autoClosingPairs"]}
    assert {'"', "'", "{", "[", "("} <= opens

    increase = re.compile(config["indentationRules"]["increaseIndentPattern"])
    for line in ("  agent Plan", "  prompt:", "  edges", "  defaults  # comment", "workflow W"):
        assert increase.search(line), line
    for line in ("  label: Plan", "    A -> B", "  parallel P -> A, B", "  fan_in J <- A, B"):
        assert not increase.search(line), line

    on_enter = [re.compile(rule["beforeText"]) for rule in config["onEnterRules"]]
    for line in ("    prompt:", "  tool Run", "  vars"):
        assert any(rule.search(line) for rule in on_enter), line
    assert not any(rule.search("    model: x") for rule in on_enter)


# --- VS Code: TextMate grammar -----------------------------------------------------------


def test_grammar_shape(grammar: dict[str, Any]) -> None:
    assert grammar["scopeName"] == "source.dip"
    assert "dip" in grammar["fileTypes"]
    assert grammar["patterns"]
    assert grammar["repository"]


def test_grammar_includes_resolve(grammar: dict[str, Any]) -> None:
    repository = grammar["repository"]
    included: set[str] = set()
    for rule in walk_rules(grammar):
        target = rule.get("include")
        if isinstance(target, str) and target.startswith("#"):
            assert target[1:] in repository, f"unresolved include {target}"
            included.add(target[1:])
    unused = set(repository) - included
    assert not unused, f"repository entries never included: {sorted(unused)}"


def test_grammar_regexes_compile(grammar: dict[str, Any]) -> None:
    checked = 0
    for key, pattern, refers_to_begin in grammar_regexes(grammar):
        python_pattern = to_python_regex(pattern, refers_to_begin=refers_to_begin)
        if python_pattern is None:
            continue
        try:
            re.compile(python_pattern)
        except re.error as error:  # pragma: no cover - the message is the point
            pytest.fail(f"{key} regex {pattern!r} does not compile: {error}")
        checked += 1
    assert checked >= 40


def test_grammar_rules_match_dip_lines(grammar: dict[str, Any]) -> None:
    comment = rule_regex(repository_rule(grammar, "comment"), "match")
    assert comment.search("  # note")
    assert comment.search("  label: x  # note")
    assert not comment.search("  repo: a#b")

    version = rule_regex(repository_rule(grammar, "version")["patterns"][0], "match")
    assert version.match("dip 2")
    assert not version.match("dip two")

    workflow = rule_regex(repository_rule(grammar, "workflow"), "match").match("workflow Build")
    assert workflow and workflow.group(2) == "Build"

    section = rule_regex(repository_rule(grammar, "section"), "match")
    for word in ("defaults", "vars", "inputs", "edges"):
        assert section.match(f"  {word}"), word
    assert not section.match("  inputs: x")

    node = rule_regex(repository_rule(grammar, "node-declaration"), "match")
    kinds = ("agent", "human", "tool", "subgraph", "conditional", "manager_loop")
    for kind in (*kinds, "parallel", "fan_in"):
        found = node.match(f"  {kind} My_Node-1  # c")
        assert found and found.group(1) == kind and found.group(2) == "My_Node-1", kind
    assert not node.match("  agent: x")

    edge = rule_regex(repository_rule(grammar, "edge"), "begin").match("    Plan -> Build  on ok")
    assert edge and edge.group(1, 3) == ("Plan", "Build")
    when_end = rule_regex(repository_rule(grammar, "edge-when"), "end")
    condition = 'ctx.outcome = success and ctx.x contains "a" label: "go"'
    stop = when_end.search(condition)
    assert stop and condition[stop.start() :].startswith("label")

    interpolation = rule_regex(repository_rule(grammar, "interpolation"), "match")
    for text in ("${ctx.x}", "${graph.goal}", "${params.p}", "${inputs.i}", "${ctx.node.A.k}"):
        assert interpolation.fullmatch(text), text
    variable = rule_regex(repository_rule(grammar, "variable")["patterns"][0], "match")
    scoped = variable.match("ctx.node.Review.verdict")
    assert scoped and scoped.group(5, 7) == ("Review", "verdict")


def test_grammar_multiline_block_rule(grammar: dict[str, Any]) -> None:
    text_block = repository_rule(grammar, "block-text")
    begin = rule_regex(text_block, "begin")
    opened = begin.match("    prompt:")
    assert opened
    assert not begin.match("    prompt: inline text")
    keep = rule_regex(text_block, "while", backref=opened.group(1))
    assert keep.match("      Summarise ${ctx.last_response}.")
    assert keep.match("      # a literal line, not a comment")
    assert keep.match("")
    assert not keep.match("    model: claude")
    assert not keep.match("  agent Next")
    assert "interpolation" in json.dumps(text_block["patterns"])


# --- Neovim ------------------------------------------------------------------------------

FAKE_SERVER = """\
import json
import sys


def read():
    length = 0
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            return None
        if line.strip() == b"":
            break
        name, _, value = line.decode().partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return json.loads(sys.stdin.buffer.read(length))


def send(message):
    body = json.dumps(message).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
    sys.stdout.buffer.flush()


while (message := read()) is not None:
    method = message.get("method")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": message["id"],
              "result": {"capabilities": {"textDocumentSync": 1}}})
    elif method == "textDocument/didOpen":
        uri = message["params"]["textDocument"]["uri"]
        where = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 8}}
        diagnostic = {"range": where, "message": "fake finding", "severity": 2}
        send({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
              "params": {"uri": uri, "diagnostics": [diagnostic]}})
    elif method == "shutdown":
        send({"jsonrpc": "2.0", "id": message["id"], "result": None})
    elif method == "exit":
        break
"""


def lua_string(value: str) -> str:
    """A Lua long-bracket string literal holding ``value`` verbatim."""
    level = 0
    while f"]{'=' * level}]" in value:
        level += 1
    return f"[{'=' * level}[{value}]{'=' * level}]"


def run_nvim(tmp_path: Path, init_lua: str, *args: str) -> subprocess.CompletedProcess[str]:
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not on PATH")
    init = tmp_path / "init.lua"
    init.write_text(init_lua, encoding="utf-8")
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    return subprocess.run(
        [nvim, "--headless", "--clean", "-u", str(init), *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def nvim_init(extra: str = "") -> str:
    return f"vim.opt.runtimepath:prepend({lua_string(str(NVIM))})\n{extra}"


def test_nvim_loads_plugin_without_errors(tmp_path: Path) -> None:
    result = run_nvim(
        tmp_path,
        nvim_init(f"require('dipcheck').setup({{ cmd = {{ {lua_string(sys.executable)} }} }})\n"),
        "+q",
    )
    assert result.returncode == 0, result.stderr
    assert "Error" not in result.stderr, result.stderr


def test_nvim_detects_dip_filetype(tmp_path: Path) -> None:
    source = tmp_path / "x.dip"
    source.write_text("workflow X\n  start: A\n  exit: A\n\n  agent A\n    label: A\n")
    out = tmp_path / "filetype.txt"
    result = run_nvim(
        tmp_path,
        nvim_init(),
        str(source),
        "-c",
        f"lua vim.fn.writefile({{vim.bo.filetype, vim.bo.commentstring}}, {lua_string(str(out))})",
        "-c",
        "qa!",
    )
    assert result.returncode == 0, result.stderr
    filetype, commentstring = out.read_text().splitlines()
    assert filetype == "dip"
    assert commentstring == "# %s"


def test_nvim_setup_attaches_language_server(tmp_path: Path) -> None:
    server = tmp_path / "fake_server.py"
    server.write_text(FAKE_SERVER, encoding="utf-8")
    project = tmp_path / "project"
    (project / "flows").mkdir(parents=True)
    (project / "dipcheck.toml").write_text("")
    source = project / "flows" / "x.dip"
    source.write_text("workflow X\n  start: A\n  exit: A\n\n  agent A\n    label: A\n")
    out = tmp_path / "lsp.txt"
    cmd = f"{{ {lua_string(sys.executable)}, {lua_string(str(server))} }}"
    check = f"""
local got = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local roots = {{}}
local clients = vim.lsp.get_clients and vim.lsp.get_clients({{ name = 'dipcheck' }})
  or vim.lsp.get_active_clients()
for _, client in pairs(clients) do
  if client.name == 'dipcheck' then table.insert(roots, client.config.root_dir) end
end
local message = got and vim.diagnostic.get(0)[1].message or 'no diagnostics'
vim.fn.writefile({{ message, table.concat(roots, ',') }}, {lua_string(str(out))})
"""
    (tmp_path / "check.lua").write_text(check, encoding="utf-8")
    result = run_nvim(
        tmp_path,
        nvim_init(f"require('dipcheck').setup({{ cmd = {cmd} }})\n"),
        str(source),
        "-c",
        f"luafile {tmp_path / 'check.lua'}",
        "-c",
        "qa!",
    )
    assert result.returncode == 0, result.stderr
    message, roots = out.read_text().splitlines()
    assert message == "fake finding"
    assert roots == str(project)


# --- Helix -------------------------------------------------------------------------------


def test_helix_languages_toml() -> None:
    config = tomllib.loads((HELIX / "languages.toml").read_text(encoding="utf-8"))
    (language,) = [entry for entry in config["language"] if entry["name"] == "dip"]
    assert language["scope"] == "source.dip"
    assert language["file-types"] == ["dip"]
    assert language["comment-token"] == "#"
    assert language["indent"] == {"tab-width": 2, "unit": "  "}
    assert language["language-servers"] == ["dipcheck"]
    assert "dipcheck.toml" in language["roots"]
    server = config["language-server"]["dipcheck"]
    assert server["command"] == "dipcheck"
    assert server["args"] == ["lsp"]


def test_nvim_missing_server_message_and_health_check_say_how_to_install(tmp_path: Path) -> None:
    """The error on the first `.dip` buffer and `:checkhealth dipcheck` point at the install
    steps that work (dipcheck is not on PyPI, so `pip install dipcheck` would fail)."""
    source = tmp_path / "x.dip"
    source.write_text("workflow X\n  start: A\n  exit: A\n\n  agent A\n    label: A\n")
    messages = tmp_path / "messages.txt"
    health = tmp_path / "health.txt"
    init = nvim_init(
        "local seen = {}\n"
        "vim.notify = function(msg) table.insert(seen, msg) end\n"
        f"require('dipcheck').setup({{ cmd = {{ {lua_string(str(tmp_path / 'no-dipcheck'))}, "
        "'lsp' } })\n"
        "vim.api.nvim_create_autocmd('VimLeavePre', { callback = function()\n"
        f"  vim.fn.writefile(seen, {lua_string(str(messages))})\n"
        "end })\n"
    )
    result = run_nvim(
        tmp_path,
        init,
        str(source),
        "-c",
        "lua vim.wait(2000, function() return false end)",
        "-c",
        "checkhealth dipcheck",
        "-c",
        f"lua vim.fn.writefile(vim.api.nvim_buf_get_lines(0, 0, -1, false), "
        f"{lua_string(str(health))})",
        "-c",
        "qa!",
    )
    assert result.returncode == 0, result.stderr
    for text in (messages.read_text(), health.read_text()):
        assert "not an executable" in text or "is not executable" in text, text
        assert "pipx install" in text, text
        assert "editors/README.md" in text, text
        assert "pip install dipcheck" not in text, text

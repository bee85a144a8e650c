"""The language server in a real editor: headless Neovim with the project's configuration
(``editors/nvim``, ``require('dipcheck').setup{cmd = ...}``) opens a broken workflow; a Lua
script waits for the diagnostics Neovim received, jumps to a definition, renames a node, and
writes what it saw to a JSON file that the test reads back."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsp_support import PROJECT

NVIM = PROJECT / "editors" / "nvim"
BROKEN = PROJECT / "fixtures" / "lsp" / "broken.dip"


def lua(value: str) -> str:
    """A Lua long-bracket string holding ``value`` verbatim."""
    level = 0
    while f"]{'=' * level}]" in value:
        level += 1
    return f"[{'=' * level}[{value}]{'=' * level}]"


DRIVER = """
local out = {{ events = {{}} }}
local function note(text) table.insert(out.events, text) end

local got = vim.wait(60000, function() return #vim.diagnostic.get(0) >= 3 end, 50)
note(got and 'diagnostics' or 'no diagnostics')
out.diagnostics = {{}}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {{}}
  table.insert(out.diagnostics, {{
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, message = d.message, source = d.source,
    code = d.code or lsp.code,
  }})
end

-- go to definition: from `Done` in `Answer -> Done` to `agent Done`
vim.api.nvim_win_set_cursor(0, {{ 21, 15 }})
vim.lsp.buf.definition()
vim.wait(20000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= 21 end, 50)
out.definition = vim.api.nvim_win_get_cursor(0)

-- rename `Answer` (at its declaration) to NewName
vim.api.nvim_win_set_cursor(0, {{ 11, 9 }})
vim.lsp.buf.rename('NewName')
vim.wait(20000, function()
  return vim.fn.search('NewName', 'nw') > 0
end, 50)
out.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
out.version = vim.version()

vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_neovim_shows_diagnostics_jumps_and_renames(tmp_path: Path) -> None:
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not installed (sh tools/test.sh installs it with apt-get)")
    project = tmp_path / "project"
    project.mkdir()
    (project / "dipcheck.toml").write_text("")
    source = project / "broken.dip"
    shutil.copy(BROKEN, source)
    result_file = tmp_path / "result.json"
    cmd = f"{{ {lua(sys.executable)}, '-m', 'dipcheck', 'lsp' }}"
    init = tmp_path / "init.lua"
    init.write_text(
        f"vim.opt.runtimepath:prepend({lua(str(NVIM))})\n"
        f"require('dipcheck').setup({{ cmd = {cmd} }})\n",
        encoding="utf-8",
    )
    driver = tmp_path / "driver.lua"
    driver.write_text(DRIVER.format(out=lua(str(result_file))), encoding="utf-8")
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    run = subprocess.run(
        [nvim, "--headless", "--clean", "-u", str(init), str(source), "-c", f"luafile {driver}"],
        cwd=project,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result_file.is_file(), f"Neovim wrote no result:\n{run.stdout}\n{run.stderr}"
    seen = json.loads(result_file.read_text(encoding="utf-8"))
    print("Neovim", seen["version"])

    diagnostics = sorted(seen["diagnostics"], key=lambda item: (item["lnum"], item["col"]))
    # the errors; the fixture's agents also get DIP144 warnings (no failure route)
    diagnostics = [item for item in diagnostics if item["severity"] == 1]
    assert [(item["code"], item["lnum"], item["col"], item["end_col"]) for item in diagnostics] == [
        ("DIP004", 10, 8, 14),
        ("DIP004", 15, 8, 12),
        ("DIP003", 19, 11, 16),
    ]
    unknown = diagnostics[2]
    assert (
        unknown["message"] == "edge target `Answr` is not a declared node (did you mean `Answer`?)"
    )
    assert unknown["source"] == "dipcheck"
    assert unknown["severity"] == 1  # vim.diagnostic.severity.ERROR

    assert seen["definition"] == [16, 8]  # `agent Done`: row 16 (1-based), column 8 (0-based)

    expected = BROKEN.read_text(encoding="utf-8").replace("Answer\n", "NewName\n", 1)
    expected = expected.replace("    Answer -> Done", "    NewName -> Done")
    assert "\n".join(seen["lines"]) + "\n" == expected

"""The language server in a real editor: headless Neovim with the project's configuration
(``editors/nvim``, ``require('dipcheck').setup{cmd = ...}``) opens a broken workflow; a Lua
script waits for the diagnostics Neovim received, jumps to a definition, renames a node, and
writes what it saw to a JSON file that the test reads back."""

from __future__ import annotations

import shutil
from pathlib import Path

from lsp_support import PROJECT
from nvim_support import run_driver

BROKEN = PROJECT / "fixtures" / "lsp" / "broken.dip"


DRIVER = """
local out = {{ events = {{}} }}
local function note(text) table.insert(out.events, text) end

local got = vim.wait(60000, function() return #vim.diagnostic.get(0) >= 2 end, 50)
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


def test_neovim_shows_diagnostics_jumps_and_renames(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "dipcheck.toml").write_text("")
    source = project / "broken.dip"
    shutil.copy(BROKEN, source)
    seen, _ = run_driver(nvim, tmp_path, source, DRIVER)

    diagnostics = sorted(seen["diagnostics"], key=lambda item: (item["lnum"], item["col"]))
    assert [(item["code"], item["lnum"], item["col"], item["end_col"]) for item in diagnostics] == [
        ("DIP004", 10, 8, 14),  # one finding for `Answer` and `Done` behind it
        ("DIP003", 19, 11, 16),
    ]
    unknown = diagnostics[1]
    assert (
        unknown["message"] == "edge target `Answr` is not a declared node (did you mean `Answer`?)"
    )
    assert unknown["source"] == "dipcheck"
    assert unknown["severity"] == 1  # vim.diagnostic.severity.ERROR

    assert seen["definition"] == [16, 8]  # `agent Done`: row 16 (1-based), column 8 (0-based)

    expected = BROKEN.read_text(encoding="utf-8").replace("Answer\n", "NewName\n", 1)
    expected = expected.replace("    Answer -> Done", "    NewName -> Done")
    assert "\n".join(seen["lines"]) + "\n" == expected


DOT_DRIVER = """
local out = {{}}
vim.wait(60000, function() return #vim.diagnostic.get(0) >= 1 end, 50)
out.filetype = vim.bo.filetype
out.diagnostics = {{}}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {{}}
  table.insert(out.diagnostics, {{
    lnum = d.lnum, col = d.col, end_col = d.end_col, code = d.code or lsp.code,
  }})
end
-- an ordinary Graphviz file in the same session: attached, and silent
vim.cmd('edit ' .. {plain})
vim.wait(3000, function() return #vim.diagnostic.get(0) > 0 end, 50)
out.plain_attached = #vim.lsp.get_active_clients({{ bufnr = 0 }}) > 0
out.plain = #vim.diagnostic.get(0)
vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_neovim_lints_dot_pipelines_and_leaves_graphviz_alone(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "dipcheck.toml").write_text("")
    pipeline = project / "pipeline.dot"
    pipeline.write_text(
        "digraph P {\n"
        "  start [shape=Mdiamond]\n"
        "  exit [shape=Msquare]\n"
        '  work [shape=box, prompt="Do the work", timout="5m"]\n'
        "  start -> work -> exit\n"
        "}\n",
        encoding="utf-8",
    )
    plain = project / "drawing.dot"
    plain.write_text("digraph G {\n  a -> b\n  b [color=red]\n}\n", encoding="utf-8")
    seen, _ = run_driver(nvim, tmp_path, pipeline, DOT_DRIVER, plain=plain)
    assert seen["filetype"] == "dot"
    found = [
        (item["code"], item["lnum"], item["col"], item["end_col"]) for item in seen["diagnostics"]
    ]
    assert found == [("DC004", 3, 41, 47)]  # `timout`
    assert seen["plain_attached"] is True
    assert seen["plain"] == 0

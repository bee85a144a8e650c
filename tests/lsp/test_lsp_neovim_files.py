"""Files changing on disk reach the server without a restart, in real headless Neovim (0.7
from apt and 0.11; neither watches files for the server on Linux, so the server polls what
its workflows read, and 0.11, which could pull diagnostics but cannot be asked to pull again,
gets them pushed): a missing prompt file created → its DC003 goes; `ignore = [...]`
added to dipcheck.toml → the finding goes. Also the Neovim 0.7 conveniences `setup()` ships:
`omnifunc` and the usual LSP keymaps on attach, and `settings` reaching the server."""

from __future__ import annotations

from pathlib import Path

from nvim_support import run_driver

WORKFLOW = """\
workflow Files
  start: Ask
  exit: Done

  agent Ask
    label: Ask
    prompt_file: prompts/ask.md

  agent Done
    label: Done

  agent Orphan
    label: Orphan
    prompt:
      Never reached.

  edges
    Ask -> Done
"""

DRIVER = """
local out = {{ steps = {{}} }}
local function codes()
  local found = {{}}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local lsp = d.user_data and d.user_data.lsp or {{}}
    table.insert(found, d.code or lsp.code)
  end
  table.sort(found)
  return table.concat(found, ',')
end
local function step(name, wanted)
  local ok = vim.wait(30000, function() return codes() == wanted end, 50)
  table.insert(out.steps, {{ name = name, ok = ok, codes = codes() }})
end

step('opened', 'DC003,DIP004')
out.omnifunc = vim.bo.omnifunc
out.keymaps = {{}}
for _, lhs in ipairs({{ 'gd', 'K', 'gr', 'grr', 'grn' }}) do
  out.keymaps[lhs] = vim.fn.maparg(lhs, 'n') ~= ''
end

vim.fn.mkdir({prompts}, 'p')
vim.fn.writefile({{ 'Ask the question.' }}, {prompt})
step('prompt file created on disk', 'DIP004')

vim.fn.writefile({{ 'ignore = ["DIP004"]' }}, {config})
step('dipcheck.toml ignores DIP004', '')

out.version = vim.version()
vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_neovim_sees_prompt_and_configuration_changes_on_disk(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    config = project / "dipcheck.toml"
    config.write_text("")
    source = project / "files.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    prompts = project / "prompts"
    seen, _ = run_driver(
        nvim, tmp_path, source, DRIVER, prompts=prompts, prompt=prompts / "ask.md", config=config
    )
    assert [(step["name"], step["codes"]) for step in seen["steps"]] == [
        ("opened", "DC003,DIP004"),
        ("prompt file created on disk", "DIP004"),
        ("dipcheck.toml ignores DIP004", ""),
    ]
    assert seen["omnifunc"] == "v:lua.vim.lsp.omnifunc"
    if (seen["version"]["major"], seen["version"]["minor"]) < (0, 10):
        # setup() maps the usual keys on old Neovims
        assert seen["keymaps"] == {"gd": True, "K": True, "gr": True, "grr": False, "grn": False}
    else:  # newer ones have their own LSP mappings, which setup() leaves alone
        assert seen["keymaps"] == {"gd": False, "K": True, "gr": False, "grr": True, "grn": True}

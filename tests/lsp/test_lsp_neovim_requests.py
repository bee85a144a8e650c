"""Requests as Neovim's own LSP client sends them (headless Neovim, the apt version in CI):
completion inside a tool command offers only the keys tracker allows there; DC102's
did-you-mean is a code action that fixes the key; sections' symbols start at their keyword;
a refused rename is an error message for the user; malformed params get `InvalidParams`."""

from __future__ import annotations

from pathlib import Path

from nvim_support import run_driver

WORKFLOW = """\
workflow Requests
  start: Plan
  exit: Run

  defaults
    model: claude-sonnet-4-6

  agent Plan
    label: Plan
    writes: plan_doc
    prompt:
      Plan it.

  agent Review
    label: Review
    prompt:
      Review ${ctx.plan_dco} now.

  tool Run
    label: Run
    timeout: 5m
    command:
      echo ${ctx.

  edges
    Plan -> Review
    Review -> Run
"""

DRIVER = """
local out = {{}}
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local uri = vim.uri_from_bufnr(0)

-- completion right after `${{ctx.` in the tool's command block (line 23, 0-based 22)
local done = request('textDocument/completion', {{
  textDocument = {{ uri = uri }}, position = {{ line = 22, character = 17 }},
}})
local items = done.result and (done.result.items or done.result) or {{}}
out.completion = {{}}
for _, item in ipairs(items) do table.insert(out.completion, item.label) end
table.sort(out.completion)

-- the DC102 code action, applied to the buffer
local dc102
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {{}}
  if (d.code or lsp.code) == 'DC102' then
    -- as the LSP diagnostic Neovim received it (0.7 keeps code and data in user_data)
    dc102 = {{
      range = {{
        start = {{ line = d.lnum, character = d.col }},
        ['end'] = {{ line = d.end_lnum, character = d.end_col }},
      }},
      message = d.message, severity = d.severity, source = d.source,
      code = 'DC102', data = lsp.data,
    }}
  end
end
local actions = request('textDocument/codeAction', {{
  textDocument = {{ uri = uri }}, range = dc102.range,
  context = {{ diagnostics = {{ dc102 }}, only = {{ 'quickfix' }} }},
}})
out.actions = {{}}
out.action_error = actions.error or actions.err
for _, action in ipairs(actions.result or {{}}) do
  table.insert(out.actions, action.title)
  if action.title:find('change to') then
    vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  end
end
out.line = vim.api.nvim_buf_get_lines(0, 16, 17, false)[1]

-- document symbols: where the `defaults` and `edges` sections start
local symbols = request('textDocument/documentSymbol', {{ textDocument = {{ uri = uri }} }})
out.sections = {{}}
for _, child in ipairs(symbols.result[1].children) do
  if child.name == 'defaults' or child.name == 'edges' then
    out.sections[child.name] = {{ child.range.start.line, child.range.start.character }}
  end
end

-- a rename the server refuses (to an id that exists) and a request with malformed params
local renamed = request('textDocument/rename', {{
  textDocument = {{ uri = uri }}, position = {{ line = 13, character = 9 }}, newName = 'Plan',
}})
local refused = renamed.error or renamed.err
out.rename = refused and {{ code = refused.code, message = refused.message }} or 'none'
local bad = request('textDocument/hover', {{ textDocument = {{ uri = uri }}, position = 'x' }})
local invalid = bad.error or bad.err
out.malformed = invalid and {{ code = invalid.code, message = invalid.message }} or 'none'

vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_neovim_requests(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "dipcheck.toml").write_text("")
    source = project / "requests.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    seen, stderr = run_driver(nvim, tmp_path, source, DRIVER)
    assert seen["completion"] == [
        "human_response",
        "interview_answers",
        "outcome",
        "preferred_label",
    ]
    assert "DC102: change to `plan_doc` (unsafe fix)" in seen["actions"]
    assert seen["line"] == "      Review ${ctx.plan_doc} now."
    assert seen["sections"] == {"defaults": [4, 2], "edges": [24, 2]}
    assert seen["rename"] == {
        "code": -32803,
        "message": "a node named `Plan` already exists",
    }
    assert seen["malformed"]["code"] == -32602
    assert seen["malformed"]["message"].startswith("invalid params for textDocument/hover")
    assert "Traceback" not in stderr

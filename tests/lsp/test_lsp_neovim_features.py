"""Document links, inlay hints, workspace symbols and ``dipcheck.explainRule`` in real headless
Neovim (0.7 from apt, 0.11 from the wheel). Neovim 0.10+ shows inlay hints itself
(``vim.lsp.inlay_hint``): there the hints are read back from the editor; 0.7 has no inlay-hint
support, so its client sends the request. Positions are in the encoding the client negotiated
(UTF-16 for 0.7, UTF-8 for 0.11): a line with ``é😀`` before a read tells them apart."""

from __future__ import annotations

from pathlib import Path

from lsp_support import position_at
from nvim_support import run_driver

WORKFLOW = """\
workflow Features
  start: Plan
  exit: Review

  agent Plan
    label: Plan
    writes: plan_doc
    prompt_file: prompts/plan.md

  agent Review
    label: Review
    prompt:
      Révisez 😀 ${ctx.plan_doc} and ${ctx.missing}.

  edges
    Plan -> Review
"""

DRIVER = """
local out = {{}}
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local client = (vim.lsp.get_clients or vim.lsp.get_active_clients)()[1]
out.encoding = client.offset_encoding
local uri = vim.uri_from_bufnr(0)

local links = request('textDocument/documentLink', {{ textDocument = {{ uri = uri }} }})
out.links = {{}}
for _, link in ipairs(links.result or {{}}) do
  table.insert(out.links, {{ range = link.range, target = link.target }})
end

out.hints = {{}}
local whole = {{ start = {{ line = 0, character = 0 }}, ['end'] = {{ line = 20, character = 0 }} }}
if vim.lsp.inlay_hint then
  out.hints_from = 'editor'
  vim.lsp.inlay_hint.enable(true, {{ bufnr = 0 }})
  vim.wait(20000, function() return #vim.lsp.inlay_hint.get({{ bufnr = 0 }}) > 0 end, 50)
  for _, item in ipairs(vim.lsp.inlay_hint.get({{ bufnr = 0 }})) do
    local hint = item.inlay_hint
    table.insert(out.hints, {{ hint.position.line, hint.position.character, hint.label }})
  end
else
  out.hints_from = 'request'
  local params = {{ textDocument = {{ uri = uri }}, range = whole }}
  local hints = request('textDocument/inlayHint', params)
  for _, hint in ipairs(hints.result or {{}}) do
    table.insert(out.hints, {{ hint.position.line, hint.position.character, hint.label }})
  end
end
table.sort(out.hints, function(a, b) return a[2] < b[2] end)

local symbols = request('workspace/symbol', {{ query = 'rev' }})
out.symbols = {{}}
for _, symbol in ipairs(symbols.result or {{}}) do table.insert(out.symbols, symbol.name) end

local explained = request('workspace/executeCommand', {{
  command = 'dipcheck.explainRule', arguments = {{ 'DC102' }},
}})
out.explained = type(explained.result) == 'string' and explained.result:sub(1, 40) or 'none'

out.version = vim.version()
vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_links_hints_symbols_and_explain_in_neovim(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "prompts").mkdir(parents=True)
    (project / "dipcheck.toml").write_text("")
    prompt = project / "prompts" / "plan.md"
    prompt.write_text("Plan it.\n", encoding="utf-8")
    source = project / "features.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    seen, stderr = run_driver(nvim, tmp_path, source, DRIVER)
    encoding = seen["encoding"].replace("-", "").replace("utf", "utf-")

    def at(needle: str) -> list[int]:
        """Line and column (in the client's encoding) just past ``needle``."""
        position = position_at(WORKFLOW, WORKFLOW.index(needle) + len(needle), encoding)
        return [position.line, position.character]

    assert seen["links"] == [
        {
            "range": {
                "start": {"line": 7, "character": 17},
                "end": {"line": 7, "character": 32},
            },
            "target": prompt.as_uri(),
        }
    ]
    assert seen["hints"] == [
        [*at("${ctx.plan_doc}"), "every path"],
        [*at("${ctx.missing}"), "never"],
    ]
    version = (seen["version"]["major"], seen["version"]["minor"])
    assert seen["hints_from"] == ("editor" if version >= (0, 10) else "request")
    if version >= (0, 11):
        assert encoding == "utf-8"  # so the columns differ from UTF-16's
    assert seen["symbols"] == ["Review"]
    assert seen["explained"] == "# DC102 unproduced-context-key\n\n| | |\n|-"  # 40 characters
    assert "Traceback" not in stderr

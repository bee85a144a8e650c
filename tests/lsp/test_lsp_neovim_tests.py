"""Workflow tests in real headless Neovim (0.7 from apt, 0.11 from the wheel), with the
project's Neovim setup: the workflow's code lenses as Neovim's client asks for them, and the
``dipcheck.runTests`` command of the "▶ Run tests" lens, whose report names the failing
test."""

from __future__ import annotations

from pathlib import Path

from lsp_support import PROJECT
from nvim_support import run_driver

FIXTURES = PROJECT / "fixtures"

TESTS = """\
- name: clean lint ships
  nodes: {Lint: {stdout: lint-clean}}
  expect: {path: [Start, Lint, Approve, Done]}
- name: expects the fix
  nodes: {Lint: {stdout: lint-clean}}
  expect: {path: [Start, Lint, Fix, Done]}
"""

DRIVER = """
local out = {{}}
local clients = vim.lsp.get_clients or vim.lsp.get_active_clients
vim.wait(60000, function() return #clients() > 0 end, 50)
vim.wait(3000)
local uri = vim.uri_from_bufnr(0)
local lenses = request('textDocument/codeLens', {{ textDocument = {{ uri = uri }} }})
out.lenses = {{}}
local run_tests = nil
for _, lens in ipairs(lenses.result or {{}}) do
  table.insert(out.lenses, lens.command.title)
  if lens.command.command == 'dipcheck.runTests' then run_tests = lens.command end
end
if run_tests then
  local options = {{ format = 'text' }}
  local answer = request('workspace/executeCommand', {{
    command = run_tests.command, arguments = {{ run_tests.arguments[1], options }},
  }})
  out.report = answer.result or 'none'
end
out.version = vim.version()
vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_run_tests_lens_and_command_in_neovim(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    workflow = project / "review.dip"
    workflow.write_bytes((FIXTURES / "wftest" / "review.dip").read_bytes())
    (project / "review.tests.yaml").write_text(TESTS, encoding="utf-8")
    seen, stderr = run_driver(nvim, tmp_path, workflow, DRIVER)
    assert seen["lenses"] == ["▶ Simulate", "▶ Run tests"], stderr
    report = seen["report"]
    assert "review.tests.yaml::clean lint ships PASSED" in report
    assert "review.tests.yaml::expects the fix FAILED" in report
    assert "1 failed, 1 passed" in report

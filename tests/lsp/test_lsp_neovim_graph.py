"""``dipcheck.graph`` in real headless Neovim (0.7 from apt, 0.11 from the wheel): the command
a user runs with ``vim.lsp.buf.execute_command`` answers with the Mermaid picture of the
buffer, unsaved edits included."""

from __future__ import annotations

from pathlib import Path

from nvim_support import run_driver

WORKFLOW = """\
workflow Loop
  start: Write
  exit: Done

  agent Write
    prompt: write it

  human Check
    label: "Good?"
    mode: yes_no

  agent Done
    prompt: done

  edges
    Write -> Check
    Check -> Done  label: Yes
    Check -> Write  label: No  loop
"""

DRIVER = """
local out = {{}}
vim.wait(60000, function()
  return #((vim.lsp.get_clients or vim.lsp.get_active_clients)()) > 0
end, 50)
local uri = vim.uri_from_bufnr(0)
-- an unsaved edit: a node renamed in the buffer only
vim.cmd([[silent %s/Done/Shipped/g]])
vim.wait(500)
local answer = request('workspace/executeCommand', {{
  command = 'dipcheck.graph', arguments = {{ uri, {{ format = 'mermaid' }} }},
}})
out.picture = answer.result
out.error = answer.err and answer.err.message or nil
local refused = request('workspace/executeCommand', {{
  command = 'dipcheck.graph', arguments = {{ uri, {{ format = 'gif' }} }},
}})
out.refused = refused.err and refused.err.message or nil
vim.fn.writefile({{ vim.fn.json_encode(out) }}, {out})
vim.cmd('qa!')
"""


def test_graph_command_in_neovim(nvim: str, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "dipcheck.toml").write_text("")
    source = project / "loop.dip"
    source.write_text(WORKFLOW, encoding="utf-8")
    seen, stderr = run_driver(nvim, tmp_path, source, DRIVER)
    assert seen.get("error") is None
    picture = seen["picture"]
    assert picture.startswith("```mermaid\nflowchart TD\n")
    assert '["Shipped"]' in picture and '"Done"' not in picture  # the buffer's text
    assert '{{"Check"}}' in picture  # a human gate's shape
    # the back edge, marked; and its finding (a No is a failure tracker does not route, DC315)
    assert '|"↺ No<br/>⚠ DC315"|' in picture
    assert "format must be one of mermaid, dot" in seen["refused"]
    assert "Traceback" not in stderr

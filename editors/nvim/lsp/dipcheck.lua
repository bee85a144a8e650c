-- Default configuration for the dipcheck language server, picked up by Neovim 0.11+'s
-- `vim.lsp.config` from any `lsp/` directory on 'runtimepath'. Enable it with
-- `vim.lsp.enable('dipcheck')`, or call `require('dipcheck').setup()` to do both steps.
return {
  cmd = { 'dipcheck', 'lsp' },
  -- `dot`: the server lints DOT pipelines and stays silent on other Graphviz files
  filetypes = { 'dip', 'dot' },
  root_markers = { 'dipcheck.toml', 'pyproject.toml', '.git' },
}

-- Default configuration for the dipcheck language server, picked up by Neovim 0.11+'s
-- `vim.lsp.config` from any `lsp/` directory on 'runtimepath'. Enable it with
-- `vim.lsp.enable('dipcheck')`, or call `require('dipcheck').setup()` to do both steps.
return {
  cmd = { 'dipcheck', 'lsp' },
  filetypes = { 'dip' },
  root_markers = { 'dipcheck.toml', 'pyproject.toml', '.git' },
}

-- Buffer settings for .dip files: `#` comments and two-space, space-only indentation.
if vim.b.did_ftplugin then
  return
end
vim.b.did_ftplugin = 1

vim.bo.commentstring = '# %s'
vim.bo.comments = ':#'
vim.bo.expandtab = true
vim.bo.shiftwidth = 2
vim.bo.softtabstop = 2
vim.bo.tabstop = 2

vim.b.undo_ftplugin = 'setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< tabstop<'

-- Tree-sitter highlighting (Neovim 0.8+) when the dip parser is installed: see
-- editors/tree-sitter-dip/README.md. Without it, or with `vim.g.dip_treesitter = false`, the
-- regex highlighting of syntax/dip.vim stays.
if vim.g.dip_treesitter ~= false and vim.treesitter and vim.treesitter.start then
  pcall(vim.treesitter.start)
end

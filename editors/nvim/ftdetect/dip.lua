-- Filetype detection for tracker/dippin workflow files (*.dip).
-- The autocommand works on every Neovim version; vim.filetype.add (0.8+) is the modern way and
-- does no harm where both exist (`setfiletype` never overrides a filetype already set).
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = { dip = 'dip' } })
end
vim.cmd([[autocmd BufRead,BufNewFile *.dip setfiletype dip]])

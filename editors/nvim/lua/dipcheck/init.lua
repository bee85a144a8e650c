-- Neovim client setup for the dipcheck language server (`dipcheck lsp`, stdio).
--
--   require('dipcheck').setup()                                  -- defaults
--   require('dipcheck').setup({ cmd = { '/path/to/dipcheck', 'lsp' } })
--
-- Neovim 0.11+ gets a `vim.lsp.config('dipcheck', ...)` entry plus `vim.lsp.enable()`.
-- Older versions (0.7-0.10) get a `FileType dip` autocommand that starts or reuses one client
-- per project root.

local M = {}

local DEFAULT_CMD = { 'dipcheck', 'lsp' }
-- `dot`: DOT pipelines (the server says nothing about ordinary Graphviz files)
local DEFAULT_FILETYPES = { 'dip', 'dot' }
local DEFAULT_ROOT_MARKERS = { 'dipcheck.toml', 'pyproject.toml', '.git' }
local NAME = 'dipcheck'

-- The options of the last setup() call, after defaults were applied.
M.config = nil

local uv = vim.uv or vim.loop

local function copy_list(list)
  local out = {}
  for i, v in ipairs(list) do
    out[i] = v
  end
  return out
end

local function notify(msg, level)
  vim.schedule(function()
    vim.notify('dipcheck: ' .. msg, level or vim.log.levels.WARN)
  end)
end

local warned_missing = false

local function executable_ok(cmd)
  if vim.fn.executable(cmd[1]) == 1 then
    return true
  end
  if not warned_missing then
    warned_missing = true
    notify(
      ('cannot start the language server: %q is not an executable on PATH. '
        .. 'dipcheck is not on PyPI yet: install it from the repository as "Install the server" '
        .. 'in editors/README.md says (pipx install <checkout or git URL>), or pass the full command, e.g. '
        .. "require('dipcheck').setup({ cmd = { '/path/to/dipcheck', 'lsp' } })."):format(cmd[1]),
      vim.log.levels.ERROR
    )
  end
  return false
end

-- Directory of the buffer's file (or the working directory for unnamed buffers).
local function buffer_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return uv.cwd()
  end
  return vim.fn.fnamemodify(name, ':p:h')
end

-- Nearest ancestor directory of the buffer that contains one of `markers`, or nil.
-- Uses vim.fs.root (0.10+), then vim.fs.find (0.8+), then a plain upward walk (0.7).
function M.find_root(bufnr, markers)
  markers = markers or DEFAULT_ROOT_MARKERS
  if vim.fs and vim.fs.root then
    return vim.fs.root(bufnr, markers)
  end
  local start = buffer_dir(bufnr)
  if vim.fs and vim.fs.find then
    local found = vim.fs.find(markers, { upward = true, path = start })[1]
    return found and vim.fs.dirname(found) or nil
  end
  local dir = start
  while dir and dir ~= '' do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      break
    end
    dir = parent
  end
  return nil
end

local function get_clients()
  local clients
  if vim.lsp.get_clients then
    clients = vim.lsp.get_clients({ name = NAME })
  else
    clients = {}
    for _, client in pairs(vim.lsp.get_active_clients()) do
      if client.name == NAME then
        table.insert(clients, client)
      end
    end
  end
  return clients
end

local function map(bufnr, lhs, rhs, desc)
  if vim.fn.maparg(lhs, 'n') == '' then
    vim.keymap.set('n', lhs, rhs, { buffer = bufnr, silent = true, desc = desc })
  end
end

-- What every attached buffer gets. Neovim 0.10+ sets these up itself (omnifunc since 0.8,
-- K / grn / gra / grr / ... keymaps since 0.10-0.11); on older versions, which is what apt
-- installs on Debian 12 (0.7), the usual mappings are added where the key is still free:
--   gd definition, K hover, gr references, <leader>rn rename, <leader>ca code action,
--   <leader>f format, [d / ]d previous / next diagnostic.
function M.on_attach(_, bufnr)
  if vim.bo[bufnr].omnifunc == '' then
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  if vim.fn.has('nvim-0.10') == 1 then
    return
  end
  map(bufnr, 'gd', vim.lsp.buf.definition, 'dipcheck: go to definition')
  map(bufnr, 'K', vim.lsp.buf.hover, 'dipcheck: hover')
  map(bufnr, 'gr', vim.lsp.buf.references, 'dipcheck: references')
  map(bufnr, '<leader>rn', vim.lsp.buf.rename, 'dipcheck: rename')
  map(bufnr, '<leader>ca', vim.lsp.buf.code_action, 'dipcheck: code action')
  map(bufnr, '<leader>f', function()
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ async = true })
    else
      vim.lsp.buf.formatting()
    end
  end, 'dipcheck: format')
  map(bufnr, '[d', vim.diagnostic.goto_prev, 'previous diagnostic')
  map(bufnr, ']d', vim.diagnostic.goto_next, 'next diagnostic')
end

-- The client configuration shared by every code path. `default_keymaps = false` leaves the
-- buffer alone; a user `on_attach` runs after the default one.
local function client_config(cfg, root_dir)
  local user_attach = cfg.on_attach
  return {
    name = NAME,
    cmd = copy_list(cfg.cmd),
    root_dir = root_dir,
    filetypes = copy_list(cfg.filetypes),
    settings = cfg.settings,
    init_options = cfg.init_options,
    capabilities = cfg.capabilities,
    on_attach = function(client, bufnr)
      if cfg.default_keymaps ~= false then
        M.on_attach(client, bufnr)
      end
      if user_attach then
        user_attach(client, bufnr)
      end
    end,
  }
end

-- Neovim 0.7 has neither vim.lsp.start nor client reuse: keep one client id per root.
local legacy_clients = {}

local function start_legacy(cfg, bufnr, root_dir)
  local id = legacy_clients[root_dir]
  if id and vim.lsp.get_client_by_id(id) then
    vim.lsp.buf_attach_client(bufnr, id)
    return id
  end
  id = vim.lsp.start_client(client_config(cfg, root_dir))
  if id then
    legacy_clients[root_dir] = id
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

-- Starts (or reuses) the client for one buffer; used on Neovim < 0.11.
function M.start(bufnr)
  local cfg = M.config
  if cfg == nil then
    return nil
  end
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  if not executable_ok(cfg.cmd) then
    return nil
  end
  local root_dir = M.find_root(bufnr, cfg.root_markers) or buffer_dir(bufnr)
  if vim.lsp.start then
    -- 0.8 attaches vim.lsp.start to the current buffer whatever opts.bufnr says.
    local id
    vim.api.nvim_buf_call(bufnr, function()
      id = vim.lsp.start(client_config(cfg, root_dir), { bufnr = bufnr })
    end)
    return id
  end
  return start_legacy(cfg, bufnr, root_dir)
end

local function is_dip_filetype(cfg, ft)
  for _, value in ipairs(cfg.filetypes) do
    if value == ft then
      return true
    end
  end
  return false
end

-- True when setup() handed the server to vim.lsp.enable (Neovim 0.11+).
local uses_enable = false

-- Stops every dipcheck client and attaches a fresh one to the open buffers.
function M.restart()
  local cfg = M.config
  if cfg == nil then
    return
  end
  local ids = {}
  for _, client in ipairs(get_clients()) do
    table.insert(ids, client.id)
    vim.lsp.stop_client(client.id)
  end
  legacy_clients = {}
  local attempts = 0
  local function reattach()
    attempts = attempts + 1
    for _, id in ipairs(ids) do
      if vim.lsp.get_client_by_id(id) ~= nil and attempts < 50 then
        vim.defer_fn(reattach, 100)
        return
      end
    end
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      local ft = vim.bo[buf].filetype
      if vim.api.nvim_buf_is_loaded(buf) and is_dip_filetype(cfg, ft) then
        if uses_enable then
          -- vim.lsp.enable attaches from its own FileType autocommand.
          vim.api.nvim_buf_call(buf, function()
            vim.cmd('doautocmd <nomodeline> FileType ' .. ft)
          end)
        else
          M.start(buf)
        end
      end
    end
  end
  vim.defer_fn(reattach, 100)
end

local function register_filetype()
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { dip = 'dip' } })
  end
  -- The ftdetect/ script does the same for files opened before setup() ran.
end

function M.setup(opts)
  opts = opts or {}
  if opts.cmd ~= nil and type(opts.cmd) ~= 'table' then
    error("dipcheck.setup: opts.cmd must be a list such as { 'dipcheck', 'lsp' }", 2)
  end
  local cfg = vim.tbl_deep_extend('force', {
    settings = {},
  }, opts)
  -- Lists are replaced, never merged index by index.
  cfg.cmd = copy_list(opts.cmd or DEFAULT_CMD)
  cfg.filetypes = copy_list(opts.filetypes or DEFAULT_FILETYPES)
  cfg.root_markers = copy_list(opts.root_markers or DEFAULT_ROOT_MARKERS)
  M.config = cfg

  register_filetype()

  if vim.api.nvim_create_user_command then
    vim.api.nvim_create_user_command('DipcheckRestart', function()
      M.restart()
    end, { desc = 'Restart the dipcheck language server' })
  end

  local group = vim.api.nvim_create_augroup('dipcheck_lsp', { clear = true })

  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    local server = client_config(cfg, nil)
    server.name = nil
    server.root_dir = nil
    server.root_markers = copy_list(cfg.root_markers)
    vim.lsp.config(NAME, server)
    vim.lsp.enable(NAME)
    uses_enable = true
    -- vim.lsp.enable skips a missing executable silently (it only writes the LSP log),
    -- so say once what to do about it.
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = cfg.filetypes,
      callback = function(args)
        if vim.bo[args.buf].buftype == '' then
          executable_ok(cfg.cmd)
        end
      end,
      desc = 'Explain a missing dipcheck executable',
    })
    return
  end

  uses_enable = false
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = cfg.filetypes,
    callback = function(args)
      M.start(args.buf)
    end,
    desc = 'Start the dipcheck language server',
  })
  -- Buffers that already have the filetype (setup() called late) are attached now.
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and is_dip_filetype(cfg, vim.bo[buf].filetype) then
      M.start(buf)
    end
  end
end

return M

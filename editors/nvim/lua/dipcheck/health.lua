-- `:checkhealth dipcheck`: is the server executable there, and how will it be started?
local M = {}

-- vim.health.start/ok/... (0.10+), vim.health.report_* (0.8-0.9), health#report_* (0.7).
local function reporter()
  local h = vim.health or {}
  local function pick(new, old, legacy)
    if h[new] then
      return h[new]
    end
    if h[old] then
      return h[old]
    end
    return function(msg, advice)
      if advice ~= nil then
        vim.fn['health#' .. legacy](msg, advice)
      else
        vim.fn['health#' .. legacy](msg)
      end
    end
  end
  return {
    start = pick('start', 'report_start', 'report_start'),
    ok = pick('ok', 'report_ok', 'report_ok'),
    warn = pick('warn', 'report_warn', 'report_warn'),
    error = pick('error', 'report_error', 'report_error'),
    info = pick('info', 'report_info', 'report_info'),
  }
end

function M.check()
  local report = reporter()
  report.start('dipcheck')
  local dipcheck = require('dipcheck')
  local cfg = dipcheck.config
  if cfg == nil then
    report.warn("setup() has not been called", { "Add `require('dipcheck').setup()` to init.lua." })
    return
  end
  report.info('command: ' .. table.concat(cfg.cmd, ' '))
  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    report.info('registered with vim.lsp.config / vim.lsp.enable')
  else
    report.info('started from a FileType autocommand (Neovim < 0.11)')
  end
  local exe = cfg.cmd[1]
  if vim.fn.executable(exe) == 1 then
    report.ok(('%s found: %s'):format(exe, vim.fn.exepath(exe)))
  else
    report.error(('%s is not executable'):format(exe), {
      'dipcheck is not on PyPI yet: install it from the repository, as "Install the server" in editors/README.md says (pipx install <checkout or git URL>).',
      "Or pass the full command: require('dipcheck').setup({ cmd = { '/path/to/dipcheck', 'lsp' } }).",
    })
  end
end

return M

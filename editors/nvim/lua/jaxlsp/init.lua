--- jaxlsp for Neovim 0.11+: the server config for `vim.lsp.config`/`vim.lsp.enable`, and
--- `:JaxExplain`, which explains a JAX error message through the running server (or the
--- `jaxlsp explain` command line when no server is attached).
---
--- jaxlsp needs native wheels (libcst, pydantic), so it runs from the Python environment the user
--- installed it into: `python -m jaxlsp serve`.
local M = {}

M.name = "jaxlsp"
M.explain_command = "jaxlsp.explain"

---@class jaxlsp.Options
---@field python? string Interpreter that has jaxlsp installed (default: $VIRTUAL_ENV's python, else python3).
---  Also sent as the `interpreter` setting, so records are matched to the JAX installed there.
---@field settings? table The `jaxlsp` settings: enable, debounceMs, select, ignore, severity, maxFileBytes, maxLineLength.
---@field enable? boolean Call vim.lsp.enable (default true).
---@field capabilities? table Client capabilities to merge over Neovim's defaults.
---@field check_install? boolean Warn (with the pip command) when python lacks jaxlsp (default true).

--- The interpreter: the option, else the active virtualenv's python, else python3.
---@param python? string
---@return string
function M.python(python)
  if python ~= nil and python ~= "" then
    return vim.fn.expand(python)
  end
  local venv = vim.env.VIRTUAL_ENV
  if venv ~= nil and venv ~= "" then
    local candidate = venv .. "/bin/python"
    if vim.fn.executable(candidate) == 1 then
      return candidate
    end
  end
  return "python3"
end

--- The server config, as `vim.lsp.config("jaxlsp", ...)` takes it.
---@param opts? jaxlsp.Options
---@return vim.lsp.Config
function M.config(opts)
  opts = opts or {}
  local python = M.python(opts.python)
  local settings = vim.deepcopy(opts.settings or {})
  if python ~= "python3" and settings.interpreter == nil then
    settings.interpreter = python
  end
  if vim.tbl_isempty(settings) then
    settings = vim.empty_dict()
  end
  local config = {
    cmd = { python, "-P", "-m", "jaxlsp", "serve" },
    filetypes = { "python" },
    root_markers = { "pyproject.toml", "setup.py", "setup.cfg", ".git" },
    -- Neovim answers the server's workspace/configuration request for "jaxlsp" from here.
    settings = { jaxlsp = settings },
    init_options = { jaxlsp = settings },
  }
  if opts.capabilities then
    config.capabilities = opts.capabilities
  end
  return config
end

--- Registers the config, enables it and adds :JaxExplain.
---@param opts? jaxlsp.Options
function M.setup(opts)
  opts = opts or {}
  M.options = opts
  vim.lsp.config(M.name, M.config(opts))
  if opts.enable ~= false then
    vim.lsp.enable(M.name)
    if opts.check_install ~= false then
      M.check_install(M.python(opts.python))
    end
  end
  M.create_commands()
end

--- The jaxlsp checkout this plugin lives in (`editors/nvim` of it), if it is one.
---@return string?
function M.checkout()
  local here = debug.getinfo(1, "S").source:gsub("^@", "")
  local root = vim.fn.fnamemodify(here, ":p:h:h:h:h:h")
  local pyproject = root .. "/pyproject.toml"
  if vim.fn.filereadable(pyproject) == 1 then
    for _, line in ipairs(vim.fn.readfile(pyproject, "", 40)) do
      if line:match('^name%s*=%s*"jaxlsp"') then
        return root
      end
    end
  end
  return nil
end

--- How to install jaxlsp into `python`: jaxlsp is not on the package index, so from the
--- checkout this plugin came with (or a wheel built from one); its dependencies come from the
--- index as usual.
---@param python string
---@return string
function M.install_command(python)
  local checkout = M.checkout()
  if checkout then
    return string.format("%s -m pip install %s", python, vim.fn.shellescape(checkout))
  end
  return string.format("%s -m pip install /path/to/jaxlsp (a checkout of jaxlsp, or a wheel built from one)", python)
end

--- Tells the user, with the pip command, when `python` cannot import jaxlsp: otherwise the only
--- sign is a server that exits at once. Asynchronous; `on_done(message or nil)` runs after.
---@param python string
---@param on_done? fun(message: string?)
function M.check_install(python, on_done)
  local function finish(message)
    if message then
      vim.notify(message, vim.log.levels.ERROR)
    end
    if on_done then
      on_done(message)
    end
  end
  local script = "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('jaxlsp') else 3)"
  local started = pcall(vim.system, { python, "-P", "-c", script }, { text = true }, function(done)
    vim.schedule(function()
      if done.code == 3 then
        finish(string.format("jaxlsp is not installed in %s. Install it with: %s", python, M.install_command(python)))
      elseif done.code ~= 0 then
        finish(string.format("jaxlsp: %s could not check for jaxlsp: %s", python, vim.trim(done.stderr or "")))
      else
        finish(nil)
      end
    end)
  end)
  if not started then
    finish(string.format("jaxlsp: cannot run the Python interpreter %s; set `python` in require('jaxlsp').setup()", python))
  end
end

function M.create_commands()
  vim.api.nvim_create_user_command("JaxExplain", function(command)
    local text = command.args
    if text == "" and command.range > 0 then
      local lines = vim.api.nvim_buf_get_lines(0, command.line1 - 1, command.line2, false)
      text = table.concat(lines, "\n")
    end
    if vim.trim(text) ~= "" then
      M.explain(text)
      return
    end
    vim.ui.input({ prompt = "JAX error message: " }, function(input)
      if input ~= nil and vim.trim(input) ~= "" then
        M.explain(input)
      end
    end)
  end, {
    nargs = "*",
    range = true,
    desc = "Explain a JAX error message (the arguments, the selected lines, or ask)",
  })
end

--- The attached jaxlsp client that can run the explain command, if any.
---@return vim.lsp.Client?
local function explain_client()
  for _, client in ipairs(vim.lsp.get_clients({ name = M.name })) do
    local provider = client.server_capabilities.executeCommandProvider
    if provider and vim.tbl_contains(provider.commands or {}, M.explain_command) then
      return client
    end
  end
  return nil
end

--- Markdown lines for what the server's `jaxlsp.explain` returned (a list of matches) or what
--- `jaxlsp explain --json` printed (`{verdict, error, matches}`).
---@param query string
---@param result table
---@return string[]
function M.render(query, result)
  local lines = { "# JAX error explained", "" }
  for _, line in ipairs(vim.split(vim.trim(query), "\n")) do
    table.insert(lines, "> " .. line)
  end
  local matches = result
  local verdict = nil
  if type(result) == "table" and type(result.matches) == "table" then
    matches, verdict = result.matches, result.verdict
  end
  if verdict == "not-jax" then
    vim.list_extend(lines, { "", "Not a JAX error: nothing in this text comes from JAX." })
    return lines
  end
  if type(matches) ~= "table" or vim.tbl_isempty(matches) then
    vim.list_extend(lines, { "", "No record matches this error." })
    return lines
  end
  if verdict == "no-confident-match" then
    vim.list_extend(lines, { "", "No confident match; the nearest records:" })
  end
  for rank, match in ipairs(matches) do
    local record = type(match.record) == "table" and match.record or {}
    local slug = match.slug or record.slug or "record"
    local how = match.kind == "exact" and "exact match" or "similar message"
    vim.list_extend(lines, { "", string.format("## %d. `%s` (%s)", rank, slug, how), "" })
    local body = match.markdown
    if type(body) ~= "string" then
      -- An answer without rendered Markdown (an older jaxlsp): show the raw record's fields.
      local parts = {}
      for _, field in ipairs({ "errorMessage", "documentation", "triggerScenarios" }) do
        if type(record[field]) == "string" then
          table.insert(parts, record[field])
        end
      end
      for index, solution in ipairs(type(record.solutions) == "table" and record.solutions or {}) do
        table.insert(parts, string.format("%d. %s", index, solution))
      end
      if type(record.githubUrl) == "string" then
        table.insert(parts, "Raised at: " .. record.githubUrl)
      end
      body = table.concat(parts, "\n\n")
    end
    vim.list_extend(lines, vim.split(body, "\n"))
  end
  return lines
end

--- Shows Markdown lines in a scratch split (reused by later explanations).
---@param lines string[]
---@return integer buf
function M.show(lines)
  local buf = vim.fn.bufnr("jaxlsp://explanation")
  if buf == -1 then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, "jaxlsp://explanation")
    vim.bo[buf].filetype = "markdown"
    vim.bo[buf].bufhidden = "hide"
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  if vim.fn.bufwinid(buf) == -1 then
    vim.cmd("botright split")
    vim.api.nvim_win_set_buf(0, buf)
  end
  return buf
end

--- Explains `text`, then calls `on_done(lines, err)` (default: show the lines in a split).
---@param text string
---@param on_done? fun(lines: string[]?, err: string?)
function M.explain(text, on_done)
  on_done = on_done
    or function(lines, err)
      if err then
        vim.notify("jaxlsp: " .. err, vim.log.levels.ERROR)
      else
        M.show(lines)
      end
    end
  local client = explain_client()
  if client then
    local params = { command = M.explain_command, arguments = { text } }
    client:request("workspace/executeCommand", params, function(err, result)
      if err then
        on_done(nil, err.message)
      else
        on_done(M.render(text, result))
      end
    end)
    return
  end
  local python = M.python((M.options or {}).python)
  -- The same answer as the server's jaxlsp.explain (both are `explain_json`): the record
  -- that explains the error, or the nearest two.
  local command = { python, "-P", "-m", "jaxlsp", "explain", "--json", "-" }
  local started, err = pcall(vim.system, command, { stdin = text, text = true }, function(done)
    vim.schedule(function()
      -- Exit 1 with a verdict ("no-confident-match", "not-jax") is an answer, not a failure.
      local ok, payload = pcall(vim.json.decode, done.stdout ~= "" and done.stdout or "null")
      if ok and type(payload) == "table" then
        on_done(M.render(text, payload))
      else
        local why = vim.trim(done.stderr or "")
        on_done(nil, string.format("`%s` failed: %s", table.concat(command, " "), why))
      end
    end)
  end)
  if not started then
    on_done(nil, string.format("cannot run %s: %s", python, tostring(err)))
  end
end

return M

-- Drives the real Neovim LSP client against jaxlsp, the way a user would: open a file, wait for
-- the diagnostics, hover, apply the preferred quick fix, run :JaxExplain's function. It records
-- what it saw as JSON for test_nvim.py to judge; it only fails on its own for timeouts.
--
-- Run: nvim --headless -u NONE -l nvim_driver.lua   (settings come from JAXLSP_E2E_* variables)

local env = vim.env
local plugin_dir = assert(env.JAXLSP_E2E_PLUGIN, "JAXLSP_E2E_PLUGIN")
local file = assert(env.JAXLSP_E2E_FILE, "JAXLSP_E2E_FILE")
local out = assert(env.JAXLSP_E2E_OUT, "JAXLSP_E2E_OUT")
local python = assert(env.JAXLSP_E2E_PYTHON, "JAXLSP_E2E_PYTHON")
local hover_word = env.JAXLSP_E2E_HOVER_WORD or "shard_map"
-- The texts :JaxExplain is run on, as a JSON array.
local explain_texts = vim.json.decode(env.JAXLSP_E2E_EXPLAIN or "[]")
local timeout_ms = tonumber(env.JAXLSP_E2E_TIMEOUT_MS or "60000")
-- Offer only this position encoding (Neovim offers utf-8 first, so servers usually pick it).
local encoding = env.JAXLSP_E2E_ENCODING

local report = { steps = {} }

local function step(name)
  table.insert(report.steps, name)
end

local function write_report()
  local handle = assert(io.open(out, "w"))
  handle:write(vim.json.encode(report))
  handle:close()
end

local function wait_for(what, condition)
  if not vim.wait(timeout_ms, condition, 20) then
    error(string.format("timed out after %d ms waiting for %s", timeout_ms, what), 0)
  end
end

local function buffer_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
end

local function messages()
  return vim.api.nvim_exec2("messages", { output = true }).output
end

--- Runs :JaxExplain and returns the text of the explanation buffer it fills, and the messages
--- it left in the message area (with a UI, a message taller than the command line stops at a
--- "Press ENTER" prompt before the split appears).
local function run_jax_explain(text)
  local existing = vim.fn.bufnr("jaxlsp://explanation")
  if existing ~= -1 then
    vim.api.nvim_buf_delete(existing, { force = true })
  end
  vim.cmd("messages clear")
  vim.cmd("JaxExplain " .. text)
  local buf
  wait_for(":JaxExplain's explanation buffer", function()
    buf = vim.fn.bufnr("jaxlsp://explanation")
    return buf ~= -1 and vim.api.nvim_buf_line_count(buf) > 1
  end)
  -- Let any message sent with the answer arrive.
  vim.wait(300)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n"), messages()
end

local function explain_all(key)
  report[key] = {}
  report[key .. "_messages"] = {}
  for _, text in ipairs(explain_texts) do
    local shown, said = run_jax_explain(text)
    table.insert(report[key], shown)
    table.insert(report[key .. "_messages"], said)
  end
end

local function main()
  -- With -u NONE filetype detection is off, and vim.lsp.enable only attaches by filetype.
  vim.cmd("filetype on")
  vim.opt.runtimepath:prepend(plugin_dir)
  -- Keep the server's warnings (e.g. about settings it could not use) for the report.
  report.server_warnings = {}
  local show_message = vim.lsp.handlers["window/logMessage"]
  vim.lsp.handlers["window/logMessage"] = function(err, params, ctx)
    if params and params.type <= vim.lsp.protocol.MessageType.Warning then
      table.insert(report.server_warnings, params.message)
    end
    return show_message(err, params, ctx)
  end
  local jaxlsp = require("jaxlsp")
  local capabilities = encoding and { general = { positionEncodings = { encoding } } } or nil
  jaxlsp.setup({ python = python, settings = { debounceMs = 0 }, capabilities = capabilities })
  report.nvim_version = tostring(vim.version())

  vim.cmd.edit(vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[buf].filetype
  report.before = buffer_text(buf)
  step("opened")

  local client
  wait_for("jaxlsp to attach", function()
    client = vim.lsp.get_clients({ bufnr = buf, name = "jaxlsp" })[1]
    return client ~= nil and client.initialized
  end)
  report.offset_encoding = client.offset_encoding
  report.sent_settings = client.config.settings
  step("attached")

  wait_for("jaxlsp's diagnostics", function()
    return #vim.diagnostic.get(buf) > 0
  end)
  report.diagnostics = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
    table.insert(report.diagnostics, {
      code = diagnostic.code,
      source = diagnostic.source,
      severity = diagnostic.severity,
      message = diagnostic.message,
      lnum = diagnostic.lnum,
      col = diagnostic.col,
      end_lnum = diagnostic.end_lnum,
      end_col = diagnostic.end_col,
    })
  end
  step("diagnostics")

  -- Hover: put the cursor on the word, ask like vim.lsp.buf.hover() does, and also open the real
  -- hover float and read what it shows.
  local row = vim.fn.search("\\<" .. hover_word .. "(", "w")
  assert(row > 0, "no call of " .. hover_word .. " in the file")
  local col = vim.fn.col(".") - 1
  report.hover_position = { row - 1, col }
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local response = client:request_sync("textDocument/hover", params, timeout_ms, buf)
  assert(response and not response.err, "hover failed: " .. vim.inspect(response))
  local contents = response.result and response.result.contents or {}
  report.hover = type(contents) == "table" and (contents.value or vim.inspect(contents)) or contents
  vim.lsp.buf.hover()
  local float_lines
  wait_for("the hover window", function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        float_lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
        return true
      end
    end
    return false
  end)
  report.hover_window = table.concat(float_lines, "\n")
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      vim.api.nvim_win_close(win, true)
    end
  end
  step("hover")

  -- The quick fix, through vim.lsp.buf.code_action as a user's mapping would run it.
  local target = vim.diagnostic.get(buf)[1]
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col })
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  local offered = {}
  vim.lsp.buf.code_action({
    context = { only = { "quickfix" } }, -- the diagnostics under the cursor are added by Neovim
    filter = function(action)
      table.insert(offered, { title = action.title, kind = action.kind, preferred = action.isPreferred == true })
      return action.isPreferred == true
    end,
    apply = true,
  })
  wait_for("the quick fix to change the buffer", function()
    return vim.api.nvim_buf_get_changedtick(buf) ~= tick
  end)
  report.actions = offered
  report.after = buffer_text(buf)
  step("quickfix")

  -- After the fix the server re-checks the new text: its diagnostic must go away.
  wait_for("the diagnostics to clear after the fix", function()
    return #vim.diagnostic.get(buf) == 0
  end)
  step("cleared")

  if #explain_texts > 0 then
    -- :JaxExplain as typed, answered by the attached server's jaxlsp.explain command ...
    explain_all("explain")
    step("explain")
    -- ... and with no server attached, by `python -m jaxlsp explain --json`.
    vim.lsp.enable("jaxlsp", false)
    vim.lsp.stop_client(client, true)
    wait_for("the server to stop", function()
      return #vim.lsp.get_clients({ name = "jaxlsp" }) == 0
    end)
    explain_all("explain_cli")
    step("explain without server")
  end
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  report.error = tostring(err)
end
write_report()
vim.lsp.stop_client(vim.lsp.get_clients(), true)
os.exit(ok and 0 or 1)

-- :JaxExplain is available as soon as the plugin is on the runtimepath.
if vim.fn.has("nvim-0.11") == 0 then
  vim.notify_once("jaxlsp needs Neovim 0.11 or newer (vim.lsp.config)", vim.log.levels.WARN)
  return
end
require("jaxlsp").create_commands()

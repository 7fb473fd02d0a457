-- Older nvim-lspconfig setups (require("lspconfig").<server>.setup{}): register jaxlsp first.
local configs = require("lspconfig.configs")
if not configs.jaxlsp then
  configs.jaxlsp = {
    default_config = {
      cmd = { "python3", "-P", "-m", "jaxlsp", "serve" },
      filetypes = { "python" },
      root_dir = require("lspconfig.util").root_pattern("pyproject.toml", "setup.py", ".git"),
      settings = { jaxlsp = { debounceMs = 0 } },
    },
  }
end
require("lspconfig").jaxlsp.setup({})

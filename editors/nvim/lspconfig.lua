-- Without this plugin, for nvim-lspconfig users (Neovim 0.11+): define and enable the server.
vim.lsp.config("jaxlsp", {
  cmd = { "python3", "-P", "-m", "jaxlsp", "serve" },
  filetypes = { "python" },
  root_markers = { "pyproject.toml", "setup.py", ".git" },
  settings = { jaxlsp = { debounceMs = 0 } },
})
vim.lsp.enable("jaxlsp")

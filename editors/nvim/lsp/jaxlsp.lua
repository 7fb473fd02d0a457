-- Picked up by Neovim 0.11+ from the runtimepath, so `vim.lsp.enable("jaxlsp")` works without setup().
return require("jaxlsp").config()

"""Pure analysis of JAX source: statements → summaries → a linked module model. No LSP, no JAX."""

"""A small training toolkit (src layout): update rules and an engine that compiles them."""

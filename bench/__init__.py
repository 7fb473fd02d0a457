"""Benchmark of jaxlsp against its peers (ruff server, fixit lsp, jaxlint-lsp) and the floors.

Run ``python -m bench.run --help``; ``bench/README.md`` has the command and the last table.
"""

"""The language server: a thin pygls layer over ``jaxlsp.engine`` (no JAX knowledge here).

Imported only by ``jaxlsp serve`` and the tests, so the CLI's other commands never load pygls.
"""

"""The ``jax.random`` functions that take a key first and consume it (``SAMPLERS``, kept with
the index that finds their calls, ``jaxlsp.analysis.pyast``), and the key a call is given."""

from __future__ import annotations

import ast

from jaxlsp.analysis.pyast import SAMPLERS, keyword

__all__ = ["SAMPLERS", "key_argument"]


def key_argument(call: ast.Call) -> ast.expr | None:
    """The key a sampler call is given (first positional, or ``key=``)."""
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    item = keyword(call, "key")
    return item.value if item is not None else None

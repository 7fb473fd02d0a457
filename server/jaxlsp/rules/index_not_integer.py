"""A JAX array indexed by a float: ``x[n / 2]``, ``table[jnp.floor(t)]``, ``row[obs[0]]`` where
``obs`` holds floats.

JAX indexes with integers, slices and boolean masks only, and raises TypeError for a Python
float or an array of a float (or complex) dtype, traced or not.  Python's ``/`` always gives a
float, and a step of a float array is a float, so the index needs a cast (``//``, ``int()``,
``.astype(jnp.int32)``).  Reported when the indexed value surely is a JAX array and the index
(or an entry of a tuple index) surely is a float.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class IndexNotInteger(ShapeRule):
    NAME = "index-not-integer"
    CODE = "index-not-integer"
    RECORD_ID = "5546f24f5c27e022"
    KINDS = frozenset({"index-dtype"})
    ADVICE = (
        "Index with an integer: `n // 2`, `int(i)` outside a trace, or "
        "`i.astype(jnp.int32)` for an array."
    )

    VALID = (
        """
import jax.numpy as jnp

x = jnp.arange(6.0)
n = x.shape[0]
middle = x[n // 2]
picked = x[jnp.floor(x[1]).astype(jnp.int32)]
masked = x[x > 2.0]
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

x = jnp.arange(6.0)
position = jnp.round(x[3] / 2)
value = x[position]  # expect: index-not-integer
""",
    )

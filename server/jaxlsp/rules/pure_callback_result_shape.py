"""``jax.pure_callback(f, x.shape, x)``: a bare shape where the result's shapes and dtypes go.

``result_shape_dtypes`` is a pytree whose leaves have a ``shape`` and a ``dtype``
(``jax.ShapeDtypeStruct``, an array); JAX reads each leaf's ``dtype``, and a tuple or list of
Python ints has ints as its leaves, so Python raises AttributeError. Reported where the first
leaf of the argument is surely a Python number (``jaxlsp.apis.callbacks``); an unknown tuple
(the shape of an array of unknown rank, which may be ``()``, the empty tree) stays silent.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class PureCallbackResultShape(ArgumentRule):
    NAME = "pure-callback-result-shape"
    CODE = "pure-callback-result-shape"
    RECORD_ID = "4d6a7653e2034ab7"
    KIND = "callback-result-shape"
    APIS = frozenset({"jax.pure_callback"})

    VALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def host_sine(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

host_sine(jnp.ones(3))
pair = jax.pure_callback(
    lambda a: (a, a), (jnp.ones(3), jax.ShapeDtypeStruct((3,), jnp.float32)), jnp.ones(3)
)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def host_sine(x):
    return jax.pure_callback(np.sin, x.shape, x)  # expect: pure-callback-result-shape

host_sine(jnp.ones(3))
""",
        """
import jax
import jax.numpy as jnp
import numpy as np

out = jax.pure_callback(np.sin, [2, 3], jnp.ones((2, 3)))  # expect: pure-callback-result-shape
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            "`jax.pure_callback`'s `result_shape_dtypes` is given a bare shape: its leaves "
            f"are Python numbers ({violation.described}), and JAX reads each leaf's `dtype`, "
            "so this raises "
            "AttributeError. Pass `jax.ShapeDtypeStruct(shape, dtype)` (one per output)."
        )

    def argument_note(self, violation: Violation) -> str:
        return f"its first leaf is a Python {violation.described}"

"""``jax.pure_callback`` batched by ``jax.vmap`` with no ``vmap_method``: since JAX 0.6 the
batching rule raises NotImplementedError unless the call says how the host function batches
(``vectorized=True`` no longer does; it is passed on to the callback).

The contract is in the API models (``jaxlsp.apis.callbacks``); reported where an argument of
the callback is surely a tracer of a ``jax.vmap`` that runs around the call (a callback none
of whose arguments is batched is not batched, and runs), and no ``vmap_method`` (or None) is
given, nor a ``**options`` that may hold one.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class PureCallbackVmapMethod(ArgumentRule):
    NAME = "pure-callback-vmap-method"
    CODE = "pure-callback-vmap-method"
    RECORD_ID = "8ad57a816d2bdd2f"
    KIND = "callback-vmap-method"
    APIS = frozenset({"jax.pure_callback"})

    VALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

def host_sine(x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.sin, shape, x, vmap_method="expand_dims")

rows = jax.vmap(host_sine)(jnp.ones((2, 3)))
""",
        # the callback's argument is not batched: vmap does not batch the callback
        """
import jax
import jax.numpy as jnp
import numpy as np

table = jnp.ones(3)

def shifted(x):
    base = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(table.shape, table.dtype), table)
    return x + base

rows = jax.vmap(shifted)(jnp.ones((2, 3)))
""",
        # no vmap: the default is fine
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def host_sine(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

host_sine(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

def host_sine(x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.sin, shape, x)  # expect: pure-callback-vmap-method

rows = jax.vmap(host_sine)(jnp.ones((2, 3)))
""",
        # vectorized=True chooses no method on JAX 0.12; vmap over a jitted function
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def host_sine(x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(  # expect: pure-callback-vmap-method
        np.sin, shape, x, vectorized=True
    )

rows = jax.vmap(host_sine, in_axes=1, out_axes=1)(jnp.ones((2, 3, 4)))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            "This `jax.pure_callback` is batched by `jax.vmap` (an argument is a batched "
            "tracer) and gives no `vmap_method`: vmap cannot tell how the host function "
            "handles a batch, so it raises NotImplementedError. Pass "
            "`vmap_method='sequential'` (one call per example) or `'expand_dims'` (one call "
            "on the batch); `vectorized=True` no longer chooses one."
        )

    def argument_note(self, violation: Violation) -> str:
        return "this call is batched by vmap"

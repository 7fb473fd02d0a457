"""``jax.pure_callback`` differentiated: ``jax.grad`` of a function that calls the host with a
value it differentiates. A callback has no derivative rule (JAX cannot look into the host
function), so the JVP raises ValueError; ``jax.custom_jvp``/``custom_vjp`` around the callback
gives it one.

The contract is in the API models (``jaxlsp.apis.callbacks``); reported where an argument of
the callback is surely a tracer of a differentiating transform that runs around the call (a
value the gradient does not depend on, or one through ``stop_gradient``, is none; a custom
rule's primal function runs without them).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class PureCallbackJvp(ArgumentRule):
    NAME = "pure-callback-jvp"
    CODE = "pure-callback-jvp"
    RECORD_ID = "739536d2006d3411"
    KIND = "callback-jvp"
    APIS = frozenset({"jax.pure_callback"})

    VALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.custom_jvp
def host_sine(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

@host_sine.defjvp
def host_sine_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return host_sine(x), jnp.cos(x) * t

grads = jax.grad(lambda x: host_sine(x).sum())(jnp.ones(3))
""",
        # the callback reads a value the gradient is not taken with respect to
        """
import jax
import jax.numpy as jnp
import numpy as np

def weighted(w, x):
    scale = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return (scale * w).sum()

grads = jax.grad(weighted)(jnp.ones(3), jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

def host_sine(x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.sin, shape, x)  # expect: pure-callback-jvp

grads = jax.grad(lambda x: host_sine(x).sum())(jnp.ones(3))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            "This `jax.pure_callback` is differentiated (an argument is a tracer of a "
            "gradient transform): a host callback has no derivative rule, so JAX raises "
            "ValueError. Wrap the callback in `jax.custom_jvp` (or `custom_vjp`) and give "
            "its derivative, or `jax.lax.stop_gradient` its input if none is needed."
        )

    def argument_note(self, violation: Violation) -> str:
        return "this call is differentiated"

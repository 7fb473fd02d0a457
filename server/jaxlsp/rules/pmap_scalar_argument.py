"""A scalar given to jax.pmap where it maps its arguments: jax.pmap(f)(xs, 10).

pmap splits each mapped argument along its leading axis over the devices, and refuses one
without such an axis (a Python number, a 0-d array) at the call, before it traces the function,
with a ValueError about the argument's sharding.  Reported when in_axes is left at its default
and the argument is not a static one; the function's body is then not traced (JAX never runs
it).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class PmapScalarArgument(ShapeRule):
    NAME = "pmap-scalar-argument"
    CODE = "pmap-scalar-argument"
    RECORD_ID = "a3a212b92e86176e"
    KINDS = frozenset({"pmap-scalar"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Share it with every device instead: in_axes=(0, None), functools.partial, or "
        "static_broadcasted_argnums."
    )

    VALID = (
        """
from functools import partial
import jax
import jax.numpy as jnp

def f(a, b):
    for _ in range(b):
        a = a + a
    return a

xs = jnp.ones((jax.local_device_count(), 100))
jax.pmap(partial(f, b=10))(xs)
jax.pmap(f, static_broadcasted_argnums=1)(xs, 10)
jax.pmap(lambda a, s: a * s, in_axes=(0, None))(xs, 2.0)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.pmap
def scaled(x, learning_rate):
    return x * learning_rate

scaled(jnp.ones((jax.local_device_count(), 3)), jnp.float32(0.1))  # expect: pmap-scalar-argument
""",
        """
import jax
import jax.numpy as jnp

def f(a, b):
    for _ in range(b):
        a = a + a
    return a

jax.pmap(f)(jnp.ones((jax.local_device_count(), 100)), 10)  # expect: pmap-scalar-argument
""",
    )

"""A ``jax.pmap``-ped function called with Python numbers only, its ``in_axes`` left at 0: no
argument has a leading axis to split over the devices, and pmap raises ValueError at the
call, before it traces the function.

Where some argument has that axis and another is a scalar, pmap raises another error (the
sharding one, ``pmap-scalar-argument``); where the scalars include a 0-d array, an
IndexError, which this rule leaves.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class PmapNoMappedAxis(ShapeRule):
    NAME = "pmap-no-mapped-axis"
    CODE = "pmap-no-mapped-axis"
    RECORD_ID = "17595b869f75ae85"
    KINDS = frozenset({"pmap-no-mapped"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give the arguments a leading axis of one entry per device: "
        "jnp.full((jax.local_device_count(),), value)."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

jax.pmap(lambda x: x * 2)(jnp.full((jax.local_device_count(),), 3.0))
jax.pmap(lambda x, s: x * s, in_axes=(0, None))(jnp.ones(jax.local_device_count()), 2.0)
# keyword arguments are mapped on axis 0 too
jax.pmap(lambda x: x * 2)(x=jnp.ones(jax.local_device_count()))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.pmap
def step(lr, decay):
    return lr * decay

step(0.1, 0.99)  # expect: pmap-no-mapped-axis
step(jnp.float32(0.1), 0.99)  # a 0-d array raises an IndexError instead
""",
        """
import jax

print(jax.pmap(lambda x: x * 2)(3.0))  # expect: pmap-no-mapped-axis
""",
    )

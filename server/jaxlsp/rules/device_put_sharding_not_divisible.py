"""``jax.device_put(x, NamedSharding(mesh, P("batch")))`` where the mesh axes do not evenly
divide an axis of ``x``: 19 rows over 4 devices.

device_put splits each array axis its spec names into one equal piece per device along those
mesh axes, and refuses an axis whose size is not a multiple of their product (JAX does not pad).
Reported when the array's shape, the spec and the mesh's axis sizes are known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class DevicePutShardingNotDivisible(ShapeRule):
    NAME = "device-put-sharding-not-divisible"
    CODE = "device-put-sharding-not-divisible"
    RECORD_ID = "61e7e3210173b7c8"
    KINDS = frozenset({"device-put-divisible"})
    NAMES_OPERANDS = True
    ADVICE = (
        "Pad the axis to a multiple of the mesh axis size (and mask the padding), drop the "
        "remainder, or leave that axis unsplit (None in the PartitionSpec)."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
batch = jax.device_put(jnp.zeros((20, 6)), NamedSharding(mesh, P("data", "model")))
labels = jax.device_put(jnp.zeros(19), NamedSharding(mesh, P()))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
rows = NamedSharding(mesh, P(("data", "model")))
batch = jnp.zeros((12, 6))
batch = jax.device_put(batch, rows)  # expect: device-put-sharding-not-divisible
""",
    )

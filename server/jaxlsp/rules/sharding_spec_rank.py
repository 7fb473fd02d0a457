"""``jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))`` or
``jax.lax.with_sharding_constraint(x, ...)`` where the PartitionSpec names more axes than ``x``
has: a sharding made for rank-3 inputs applied to a rank-2 array.

JAX checks each array against its sharding before placing or constraining it, and refuses a
spec longer than the array's rank (``NamedSharding.check_compatible_aval``; with an Explicit
mesh ``device_put`` refuses the spec's length first, also a ValueError).  Reported where the
array's shape and the sharding's spec are known (one array, one ``NamedSharding``).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ShardingSpecRank(ShapeRule):
    NAME = "sharding-spec-rank"
    CODE = "sharding-spec-rank"
    RECORD_ID = "dbce4c840a94b486"
    KINDS = frozenset({"sharding-rank"})
    NAMES_OPERANDS = True
    ADVICE = (
        "Give the array a spec no longer than its rank (drop the trailing entries: `P('batch')` "
        "covers every rank), or make one sharding per rank."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
rows = NamedSharding(mesh, P("batch"))
images = jax.device_put(jnp.zeros((8, 4, 2)), rows)
labels = jax.device_put(jnp.zeros((8, 4)), rows)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
images_sharding = NamedSharding(mesh, P("batch", None, None))


@jax.jit
def step(images, labels):
    images = jax.lax.with_sharding_constraint(images, images_sharding)
    labels = jax.lax.with_sharding_constraint(labels, images_sharding)  # expect: sharding-spec-rank
    return images.sum() + labels.sum()


step(jnp.zeros((8, 4, 2)), jnp.zeros((8, 4)))
""",
    )

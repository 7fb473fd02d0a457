"""Images and labels each get a sharding of their own rank."""
# corpus: label=negative styles=helper,transform batch=s41

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def sharding_for(rank):
    return NamedSharding(mesh, P("data", *([None] * (rank - 1))))


@jax.jit
def train_step(images, labels):
    images = jax.lax.with_sharding_constraint(images, sharding_for(4))
    labels = jax.lax.with_sharding_constraint(labels, sharding_for(2))
    return jnp.mean(images) + jnp.mean(labels)


print(train_step(jnp.ones((16, 8, 8, 3)), jnp.ones((16, 10))))

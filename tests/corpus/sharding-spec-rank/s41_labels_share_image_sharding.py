"""A training step constrains images and labels with the one sharding made for the images."""
# corpus: label=positive styles=helper,transform batch=s41

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def image_sharding():
    return NamedSharding(mesh, P("data", None, None, None))


@jax.jit
def train_step(images, labels):
    sharding = image_sharding()
    images = jax.lax.with_sharding_constraint(images, sharding)
    labels = jax.lax.with_sharding_constraint(labels, sharding)  # expect: sharding-spec-rank
    return jnp.mean(images) + jnp.mean(labels)


print(train_step(jnp.ones((16, 8, 8, 3)), jnp.ones((16, 10))))

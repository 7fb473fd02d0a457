"""A data-parallel step shards a batch of 12 examples over an 8-device mesh."""
# corpus: label=positive styles=helper,parameter batch=s25

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
def grad_step(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return jax.lax.pmean(g, "data")


def run(batch_size):
    x = jnp.ones((batch_size, 4))
    return grad_step(jnp.ones(4), x)  # expect: shard-map-not-divisible


print(run(12))

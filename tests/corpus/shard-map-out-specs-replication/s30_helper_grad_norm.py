"""A jitted step computes the gradient norm per shard in a helper and returns it replicated."""
# corpus: label=positive styles=helper,transform batch=s30

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def squared_norm(g):
    return jnp.sum(g * g)


def shard_norm(g):
    return jnp.sqrt(squared_norm(g))


@jax.jit
def grad_norm(grads):
    fn = jax.shard_map(shard_norm, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(grads)  # expect: shard-map-out-specs-replication


grads = jax.device_put(jnp.ones((8, 4)), jax.NamedSharding(mesh, P("data", "model")))
print(grad_norm(grads))

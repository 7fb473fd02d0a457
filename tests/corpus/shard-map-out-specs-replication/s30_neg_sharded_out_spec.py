"""Per-shard gradient norms gathered with an out_spec that names the split axes."""
# corpus: label=negative styles=helper,transform batch=s30

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def squared_norm(g):
    return jnp.sum(g * g, keepdims=True)


@jax.jit
def shard_norms(grads):
    fn = jax.shard_map(
        squared_norm, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model")
    )
    return fn(grads)


grads = jax.device_put(jnp.ones((8, 4)), jax.NamedSharding(mesh, P("data", "model")))
print(shard_norms(grads))

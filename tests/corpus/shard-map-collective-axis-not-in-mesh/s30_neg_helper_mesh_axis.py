"""The gradient-averaging helper given the mesh's own axis name: it runs."""
# corpus: label=negative styles=helper,transform batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def all_reduce_mean(g):
    return lax.pmean(g, "dp")


def local_grads(w, x):
    g = jax.grad(lambda w: jnp.sum((x @ w) ** 2))(w)
    return all_reduce_mean(g)


mesh = jax.make_mesh((8,), ("dp",))
step = jax.jit(jax.shard_map(local_grads, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P()))
xs = jax.device_put(jnp.ones((16, 3)), jax.NamedSharding(mesh, P("dp")))
ws = jax.device_put(jnp.ones(3), jax.NamedSharding(mesh, P()))
print(step(ws, xs))

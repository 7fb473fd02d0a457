# corpus: label=negative styles=parameter,helper batch=c
"""The registration helper's default is symbolic_zeros=False, so the eager shard_map runs."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def register_vjp(fn, fwd, bwd, symbolic=False):
    fn.defvjp(fwd, bwd, symbolic_zeros=symbolic)
    return fn


@jax.custom_vjp
def leaky(x):
    return jnp.where(x > 0, x, 0.01 * x)


def _leaky_fwd(x):
    return jnp.where(x > 0, x, 0.01 * x), x


def _leaky_bwd(v, g):
    return (jnp.where(v > 0, g, 0.01 * g),)


leaky = register_vjp(leaky, _leaky_fwd, _leaky_bwd)

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.linspace(-1.0, 1.0, 8), NamedSharding(mesh, P("i")))
out = jax.shard_map(lambda v: leaky(v) + 1.0, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
print(out)

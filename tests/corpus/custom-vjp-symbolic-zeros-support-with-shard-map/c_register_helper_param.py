# corpus: label=positive styles=parameter,helper batch=c
"""A project-wide helper registers custom VJPs, with symbolic zeros on by default."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def register_vjp(fn, fwd, bwd, symbolic=True):
    fn.defvjp(
        fwd,
        bwd,
        symbolic_zeros=symbolic,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
    )
    return fn


@jax.custom_vjp
def leaky(x):
    return jnp.where(x > 0, x, 0.01 * x)


def _leaky_fwd(x):
    v = x.value
    return jnp.where(v > 0, v, 0.01 * v), v


def _leaky_bwd(v, g):
    return (jnp.where(v > 0, g, 0.01 * g),)


leaky = register_vjp(leaky, _leaky_fwd, _leaky_bwd)

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.linspace(-1.0, 1.0, 8), NamedSharding(mesh, P("i")))
out = jax.shard_map(lambda v: leaky(v) + 1.0, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
print(out)

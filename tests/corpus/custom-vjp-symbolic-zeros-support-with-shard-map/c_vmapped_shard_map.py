# corpus: label=positive styles=transform batch=c
"""The shard_mapped function is vmapped over an ensemble axis; vmap does not add a jit, so the
shard_map still runs eagerly."""

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("x",))


@jax.custom_vjp
def cube(x):
    return x**3


def cube_fwd(x):
    return x.value**3, x.value


def cube_bwd(x, g):
    return (3.0 * x**2 * g,)


cube.defvjp(
    cube_fwd,
    cube_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


@partial(jax.shard_map, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
def local_cube(block):
    return cube(block)


ensemble = jnp.stack([jnp.arange(8.0), jnp.ones(8)])
ensemble = jax.device_put(ensemble, NamedSharding(mesh, P(None, "x")))
print(jax.vmap(local_cube)(ensemble))

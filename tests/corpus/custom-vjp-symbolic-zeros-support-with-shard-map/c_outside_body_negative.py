# corpus: label=negative styles=helper batch=c
"""The symbolic-zeros custom_vjp is applied to the shard_map's gathered output, outside the
body, so shard_map never sees it."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def cube(x):
    return x**3


def cube_fwd(x):
    return x.value**3, x.value


def cube_bwd(x, g):
    return (3.0 * x**2 * g,)


cube.defvjp(cube_fwd, cube_bwd, symbolic_zeros=True)


def postprocess(y):
    return cube(y) + 1.0


mesh = jax.make_mesh((8,), ("x",))
smapped = jax.shard_map(lambda b: b * 2.0, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
x = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("x")))
print(postprocess(smapped(x)))

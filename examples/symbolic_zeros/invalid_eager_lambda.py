"""INVALID: a symbolic_zeros custom_vjp called from a lambda shard_map body, run eagerly.

The seed reproducer's spelling. Raises NotImplementedError on jax 0.12.0.1.
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


def scaled_fwd(x):
    return scaled(x.value), None


def scaled_bwd(_, g):
    return (2.0 * g,)


scaled.defvjp(
    scaled_fwd,
    scaled_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map
)

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
print(body(x))

"""INVALID: the old ``jax.experimental.shard_map`` import, ``custom_vjp`` as a call, a nested def.

Everything runs inside ``main()``; the shard_map is called eagerly there.
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def cube(x):
    return x**3


def cube_fwd(x):
    return cube(x.value), x.value


def cube_bwd(x, g):
    return (3.0 * x**2 * g,)


cube_vjp = jax.custom_vjp(cube)
cube_vjp.defvjp(
    cube_fwd,
    cube_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map
)


def main():
    mesh = jax.make_mesh((8,), ("i",))

    def body(v):
        return cube_vjp(v) + 1.0

    x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
    return shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)


if __name__ == "__main__":
    print(main())

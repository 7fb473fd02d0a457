# corpus: label=positive styles=return,parameter batch=c
"""A factory builds the per-device body around the activation it is given; the activation is a
symbolic-zeros custom_vjp, and the body runs eagerly inside a set_mesh block."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def smooth_abs(x):
    return jnp.sqrt(x * x + 1e-3)


def smooth_abs_fwd(x):
    y = jnp.sqrt(x.value * x.value + 1e-3)
    return y, (x.value, y)


def smooth_abs_bwd(res, g):
    x, y = res
    return (g * x / y,)


smooth_abs.defvjp(
    smooth_abs_fwd,
    smooth_abs_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


def make_body(activation, scale):
    def body(block):
        return activation(block) * scale

    return body


mesh = jax.make_mesh((4, 2), ("data", "model"))
spec = P("data", "model")
x = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, spec))
with jax.set_mesh(mesh):
    fn = jax.shard_map(make_body(smooth_abs, 0.5), mesh=mesh, in_specs=spec, out_specs=spec)
    print(fn(x).sum())

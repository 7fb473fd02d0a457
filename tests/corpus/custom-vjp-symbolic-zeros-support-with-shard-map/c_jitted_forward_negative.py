# corpus: label=negative styles=helper,transform batch=c
"""The same data-parallel forward pass, run under jax.jit: the symbolic-zeros custom_vjp is
then fine inside the shard_map body."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def soft_clip(x):
    return jnp.tanh(x)


def soft_clip_fwd(x):
    y = jnp.tanh(x.value)
    return y, y


def soft_clip_bwd(y, g):
    return (g * (1 - y**2),)


soft_clip.defvjp(soft_clip_fwd, soft_clip_bwd, symbolic_zeros=True)


def normalise(block):
    return soft_clip(block - jnp.mean(block))


mesh = jax.make_mesh((8,), ("data",))
forward = jax.jit(
    jax.shard_map(lambda b: normalise(b) * 2.0, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
)
batch = jax.device_put(jnp.arange(16.0).reshape(16, 1), NamedSharding(mesh, P("data")))
print(forward(batch).shape)

"""A factory returns the shard_mapped step (mesh from jax.set_mesh); the caller runs it eagerly."""
# corpus: label=positive styles=return,attribute

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax import custom_vjp, shard_map
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def gated(x, gate):
    return x * jax.nn.sigmoid(gate)


def gated_fwd(x, gate):
    s = jax.nn.sigmoid(gate.value)
    return x.value * s, (x.value, s)


def gated_bwd(res, g):
    x, s = res
    return g * s, g * x * s * (1.0 - s)


gated_op = custom_vjp(gated)
gated_op.defvjp(
    gated_fwd,
    gated_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


def make_step():
    def body(x, gate):
        return gated_op(x, gate)

    return shard_map(body, in_specs=(P("x"), P("x")), out_specs=P("x"))


mesh = jax.make_mesh((8,), ("x",))
sharding = NamedSharding(mesh, P("x"))
x = jax.device_put(jnp.ones(8), sharding)
gate = jax.device_put(jnp.zeros(8), sharding)
with jax.set_mesh(mesh):
    step = make_step()
    print(step(x, gate))

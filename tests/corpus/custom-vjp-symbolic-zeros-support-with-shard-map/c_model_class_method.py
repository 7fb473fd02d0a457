# corpus: label=positive styles=attribute,method batch=c
"""A sharded model class builds its shard_map in __init__ from a bound method; the body calls
a symbolic-zeros custom_vjp, and the model is applied eagerly."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def gated(x, gate):
    return x * jax.nn.sigmoid(gate)


def gated_fwd(x, gate):
    s = jax.nn.sigmoid(gate.value)
    return x.value * s, (x.value, s)


def gated_bwd(res, g):
    x, s = res
    return g * s, g * x * s * (1 - s)


gated.defvjp(
    gated_fwd,
    gated_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


class ShardedGate:
    def __init__(self, mesh, axis="model"):
        self.mesh = mesh
        self.apply = jax.shard_map(
            self._local, mesh=mesh, in_specs=(P(axis), P(axis)), out_specs=P(axis)
        )

    def _local(self, x, gate):
        return gated(x, gate)

    def __call__(self, x, gate):
        sharding = NamedSharding(self.mesh, P("model"))
        return self.apply(jax.device_put(x, sharding), jax.device_put(gate, sharding))


model = ShardedGate(jax.make_mesh((8,), ("model",)))
print(model(jnp.ones(8), jnp.zeros(8)))

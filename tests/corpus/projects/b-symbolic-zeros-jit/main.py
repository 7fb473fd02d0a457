"""The symbolic-zeros custom_vjp is reached from a shard_map body, but only under jax.jit: runs."""
# corpus: rule=custom-vjp-symbolic-zeros-support-with-shard-map label=negative styles=module,transform

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from dplayers import make_sharded_apply
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))
apply = make_sharded_apply(mesh)
w = jnp.eye(4) * 0.5
x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("data", None)))
print(apply(w, x).shape)
print(jax.jit(jax.grad(lambda w: apply(w, x).sum()))(w))

# realbug: equinox-815-sharding-constraint-rank
# source: https://github.com/patrick-kidger/equinox/issues/815
# kind: sharding-rank
# raises: ValueError: .*rank
# Adapting the parallelism example to data of two ranks: a sharding made for the rank-3
# inputs was applied to the rank-2 labels too. The report used `PositionalSharding` (gone in
# 0.12); the same spec-rank mismatch is rebuilt with `NamedSharding`.
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P("batch", None, None))


@jax.jit
def step(x, y):
  x = jax.lax.with_sharding_constraint(x, sharding)
  y = jax.lax.with_sharding_constraint(y, sharding)  # BUG
  return x.sum() + y.sum()


print(step(jnp.ones((8, 4, 2)), jnp.ones((8, 4))))

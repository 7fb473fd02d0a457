# realbug: equinox-815-sharding-constraint-rank (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/815
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P("batch"))


@jax.jit
def step(x, y):
  x = jax.lax.with_sharding_constraint(x, sharding)
  y = jax.lax.with_sharding_constraint(y, sharding)
  return x.sum() + y.sum()


print(step(jnp.ones((8, 4, 2)), jnp.ones((8, 4))))

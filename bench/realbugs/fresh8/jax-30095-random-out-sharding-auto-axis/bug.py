# realbug: jax-30095-random-out-sharding-auto-axis
# source: https://github.com/jax-ml/jax/issues/30095
# kind: sharding-contract
# raises: ValueError: PartitionSpec passed to normal cannot contain axis names that are of type Auto
# The report's MWE: `jax.random.normal(..., out_sharding=P('S'))` under a mesh whose axis is
# `AxisType.Auto` (the key is made on its own line; the report's call had it inline).
import jax
from jax.sharding import AxisType

mesh = jax.make_mesh((2,), ('S'), axis_types=(AxisType.Auto,))
jax.sharding.set_mesh(mesh)

k = jax.random.key(1)
jax.random.normal(k, (100,), out_sharding=jax.P('S'))  # BUG

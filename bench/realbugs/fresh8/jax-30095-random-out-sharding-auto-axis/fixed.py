# realbug: jax-30095-random-out-sharding-auto-axis (fixed)
# source: https://github.com/jax-ml/jax/issues/30095
import jax
from jax.sharding import AxisType

mesh = jax.make_mesh((2,), ('S'), axis_types=(AxisType.Explicit,))
jax.sharding.set_mesh(mesh)

k = jax.random.key(1)
jax.random.normal(k, (100,), out_sharding=jax.P('S'))

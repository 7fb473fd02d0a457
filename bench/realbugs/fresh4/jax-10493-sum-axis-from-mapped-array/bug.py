# realbug: jax-10493-sum-axis-from-mapped-array
# source: https://github.com/jax-ml/jax/issues/10493
# kind: concretization
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
from jax import vmap, pmap
import jax.numpy as jnp

x = jnp.array(jnp.ones((3, 2, 3, 4, 5)))
y = jnp.array(jnp.ones((3, 2, 3, 4, 5)))

print(pmap(vmap(lambda x, y: jnp.sum(x, y), in_axes = (1,1), out_axes = (1)), in_axes = (0, 0), out_axes = 0)(x,y))  # BUG

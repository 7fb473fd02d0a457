# realbug: jax-3696-one-hot-vmap-classes
# source: https://github.com/jax-ml/jax/issues/3696
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp
from jax import nn

labels = jnp.array([2, 3, 4])
classes = jnp.array([5, 5, 5])
print(jax.vmap(nn.one_hot)(labels, classes))  # BUG

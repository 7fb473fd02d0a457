# realbug: jax-3696-one-hot-vmap-classes (fixed)
# source: https://github.com/jax-ml/jax/issues/3696
import jax
import jax.numpy as jnp
from jax import nn

labels = jnp.array([2, 3, 4])
print(jax.vmap(nn.one_hot, in_axes=(0, None))(labels, 5))

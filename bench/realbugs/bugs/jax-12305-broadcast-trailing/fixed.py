# realbug: jax-12305-broadcast-trailing (fixed)
# source: https://github.com/jax-ml/jax/issues/12305
import jax.numpy as jnp

x, y = jnp.ones((2, 4)), jnp.ones((2,))
print(x + y[:, None])

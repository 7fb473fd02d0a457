# realbug: jax-53-concatenate-zero-dim (fixed)
# source: https://github.com/jax-ml/jax/pull/53
import jax.numpy as jnp

a = jnp.array(1.0)
b = jnp.array(2.0)
jnp.stack([a, b])

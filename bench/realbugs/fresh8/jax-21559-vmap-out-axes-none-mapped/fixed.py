# realbug: jax-21559-vmap-out-axes-none-mapped (fixed)
# source: https://github.com/jax-ml/jax/pull/21559
import jax
import jax.numpy as jnp

jax.vmap(lambda x: (x, x), in_axes=0, out_axes=(0, 0))(jnp.arange(3))

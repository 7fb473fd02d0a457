# realbug: jax-21766-vmap-out-axes-none-batched (fixed)
# source: https://github.com/jax-ml/jax/pull/21766
import jax
import jax.numpy as jnp

print(jax.vmap(lambda x: (x, x), in_axes=0, out_axes=(0, 0))(jnp.arange(3)))

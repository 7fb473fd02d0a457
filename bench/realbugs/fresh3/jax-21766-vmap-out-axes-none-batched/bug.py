# realbug: jax-21766-vmap-out-axes-none-batched
# source: https://github.com/jax-ml/jax/pull/21766
# kind: vmap-out-axes
# raises: ValueError: at vmap out_axes\[1\], got axis spec None but output was batched on axis 0
import jax
import jax.numpy as jnp

print(jax.vmap(lambda x: (x, x), in_axes=0, out_axes=(0, None))(jnp.arange(3)))  # BUG

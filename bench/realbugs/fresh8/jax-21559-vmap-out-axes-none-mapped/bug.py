# realbug: jax-21559-vmap-out-axes-none-mapped
# source: https://github.com/jax-ml/jax/pull/21559
# kind: vmap-out-axes
# raises: ValueError: at vmap out_axes\[1\], got axis spec None but output was batched
# The pull request's example: `out_axes=None` for an output that depends on the mapped input.
import jax
import jax.numpy as jnp

jax.vmap(lambda x: (x, x), in_axes=0, out_axes=(0, None))(jnp.arange(3))  # BUG

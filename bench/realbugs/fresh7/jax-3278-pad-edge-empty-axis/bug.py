# realbug: jax-3278-pad-edge-empty-axis
# source: https://github.com/jax-ml/jax/pull/3278
# kind: pad
# raises: ValueError: Cannot apply 'edge' padding to empty axis
# The pull request's example: 'edge' padding of an empty array (then a NameError inside JAX,
# since then the ValueError).
import jax.numpy as jnp

jnp.pad(jnp.array([]), 4, mode="edge")  # BUG

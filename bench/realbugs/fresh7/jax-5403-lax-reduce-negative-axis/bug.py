# realbug: jax-5403-lax-reduce-negative-axis
# source: https://github.com/jax-ml/jax/pull/5403
# kind: axis-range
# raises: ValueError: reduction axes \(-1,\) contains out-of-bounds indices
# The pull request's example: `lax.reduce` with a negative axis (lax takes no negative axes;
# then XLA's shape check failed, now JAX raises a ValueError).
import jax.numpy as jnp
from jax import lax

lax.reduce(jnp.arange(4), 0, lax.add, (-1,))  # BUG

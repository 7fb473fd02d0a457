# realbug: jax-53-concatenate-zero-dim
# source: https://github.com/jax-ml/jax/pull/53
# kind: concatenate
# raises: ValueError: Zero-dimensional arrays cannot be concatenated
# The pull request's case: `jnp.concatenate` of a sequence of 0-d arrays (NumPy raises too);
# the arrays are filled in.
import jax.numpy as jnp

a = jnp.array(1.0)
b = jnp.array(2.0)
jnp.concatenate([a, b])  # BUG

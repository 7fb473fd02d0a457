"""A clip that returns the clipped value with its mask in one branch and the value alone in the
other."""

# corpus: label=positive styles=direct batch=s37

import jax
import jax.numpy as jnp

x = jnp.array([-1.0, 0.5, 2.0])
out = jax.lax.cond(  # expect: cond-branch-output-mismatch
    jnp.any(x > 1.0),
    lambda v: (jnp.clip(v, 0.0, 1.0), v > 1.0),
    lambda v: v,
    x,
)

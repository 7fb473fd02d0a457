"""`num_heads` is an ordinary jitted parameter, so `x.reshape(t, num_heads, -1)` gets a tracer."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp


def split_heads(x, num_heads):
    t = x.shape[0]
    return x.reshape(t, num_heads, -1).transpose(1, 0, 2)  # expect: traced-shape-argument


heads = jax.jit(split_heads)(jnp.ones((6, 32)), 4)

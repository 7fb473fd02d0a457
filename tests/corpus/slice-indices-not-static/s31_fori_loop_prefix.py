"""A fori_loop sums growing prefixes: its index is a tracer, so the prefix's size is not
static."""
# corpus: label=positive styles=transform batch=s31

import jax
import jax.numpy as jnp


def prefix_sums(x):
    def body(i, total):
        return total + jnp.sum(x[:i])  # expect: slice-indices-not-static

    return jax.lax.fori_loop(1, x.shape[0], body, 0.0)


print(jax.jit(prefix_sums)(jnp.arange(6.0)))

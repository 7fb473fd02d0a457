"""A fori_loop with literal bounds (a scan) whose body casts its float carry to int32."""
# corpus: label=positive styles=helper

import jax.numpy as jnp
from jax import lax


def quantise_steps(x):
    def body(i, value):
        return jnp.round(value * 2).astype(jnp.int32)

    return lax.fori_loop(0, 4, body, x)  # expect: scan-carry-type-mismatch


print(quantise_steps(jnp.ones(3)))

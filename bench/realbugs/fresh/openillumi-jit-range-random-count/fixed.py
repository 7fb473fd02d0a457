# realbug: openillumi-jit-range-random-count (fixed)
# source: https://openillumi.com/en/en-jax-jit-dynamic-loop-error-fix
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def accumulate(x, n):
    total = jnp.zeros_like(x)
    for _ in range(n):
        total = total + x
    return total


n = int(jax.random.randint(jax.random.PRNGKey(0), (), 1, 5))
print(accumulate(jnp.ones(3), n))

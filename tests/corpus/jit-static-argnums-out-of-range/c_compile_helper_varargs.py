# corpus: label=positive styles=helper,parameter batch=c
"""A utility compiles functions with the static positions it is handed as *args."""

import jax
import jax.numpy as jnp


def compiled(fn, *static_positions):
    return jax.jit(fn, static_argnums=static_positions)  # expect: jit-static-argnums-out-of-range


def pool(x, window):
    return jnp.stack([x[i : i + window].mean() for i in range(0, x.shape[0], window)])


fast_pool = compiled(pool, 1)
fast_pool_bad = compiled(pool, 1, 2)
print(fast_pool(jnp.arange(8.0), 2))

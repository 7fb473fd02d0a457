"""The gradient from `jax.grad(loss)(w)` has its NaNs zeroed with `.at[jnp.isnan(g)].set` in jit."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.sum(jnp.sqrt(x * w))


@jax.jit
def safe_step(w, x):
    g = jax.grad(loss)(w, x)
    g = g.at[jnp.isnan(g)].set(0.0)  # expect: non-concrete-boolean-index-error
    return w - 0.1 * g


safe_step(jnp.array([1.0, 0.0, 2.0]), jnp.array([1.0, 1.0, -1.0]))

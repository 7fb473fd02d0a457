"""A jitted step loops in Python while its gradient norm exceeds a tolerance."""

# corpus: label=positive styles=parameter,transform
import jax
import jax.numpy as jnp


def train_step(w, x, tol):
    g = jax.grad(lambda w: jnp.sum((x @ w) ** 2))(w)
    while jnp.linalg.norm(g) > tol:  # expect: tracer-bool-conversion-error
        w = w - 0.1 * g
        g = jax.grad(lambda w: jnp.sum((x @ w) ** 2))(w)
    return w


jax.jit(train_step)(jnp.ones(3), jnp.ones((2, 3)), 1e-3)

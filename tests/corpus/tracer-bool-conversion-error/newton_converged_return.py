"""A fori_loop body branches in Python on what a convergence helper returns (a traced bool)."""
# corpus: label=positive styles=return

import jax.numpy as jnp
from jax import lax


def has_converged(old, new, tol=1e-6):
    return jnp.abs(new - old) < tol


def newton_sqrt(a, iters=20):
    def body(i, x):
        x_new = 0.5 * (x + a / x)
        if has_converged(x, x_new):  # expect: tracer-bool-conversion-error
            return x
        return x_new

    return lax.fori_loop(0, iters, body, a)


print(newton_sqrt(jnp.float32(2.0)))

"""A Newton square-root helper iterates with lax.while_loop; its gradient is taken with jax.grad."""
# corpus: label=positive styles=helper,transform batch=s25

import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, tol=1e-6):
    def cond(x):
        return jnp.abs(x * x - a) > tol

    def body(x):
        return 0.5 * (x + a / x)

    return lax.while_loop(cond, body, a)  # expect: fori-loop-reverse-mode-dynamic-bounds


print(jax.grad(newton_sqrt)(2.0))

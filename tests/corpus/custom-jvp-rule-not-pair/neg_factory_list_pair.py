"""A factory-made smoothed |x| whose rule returns a two-element list: JAX accepts a list pair."""
# corpus: label=negative styles=attribute,parameter

import jax
import jax.numpy as jnp


def make_smooth_abs(eps=1e-3):
    @jax.custom_jvp
    def smooth_abs(x):
        return jnp.sqrt(x * x + eps)

    @smooth_abs.defjvp
    def rule(primals, tangents):
        x, dx = primals[0], tangents[0]
        y = jnp.sqrt(x * x + eps)
        return [y, x / y * dx]

    return smooth_abs


l1 = make_smooth_abs(1e-4)
print(jax.jit(jax.grad(lambda w: 0.1 * jnp.sum(l1(w))))(jnp.array([1.0, -2.0, 0.0])))

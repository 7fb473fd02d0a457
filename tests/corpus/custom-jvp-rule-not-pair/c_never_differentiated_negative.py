# corpus: label=negative styles=method batch=c
"""The rule returns only the tangent, but the function is only ever evaluated (jit, vmap),
never differentiated, so JAX never calls the rule."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def hard_tanh(x):
    return jnp.clip(x, -1.0, 1.0)


@hard_tanh.defjvp
def hard_tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.where(jnp.abs(x) < 1.0, t, 0.0)


class Squash:
    def __call__(self, x):
        return hard_tanh(2.0 * x)


layer = Squash()
print(jax.jit(layer.__call__)(jnp.linspace(-1.0, 1.0, 4)))
print(jax.vmap(layer)(jnp.ones((2, 3))))

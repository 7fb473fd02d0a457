"""A factory builds a smoothed |x| for a given epsilon; its closure rule returns only the tangent."""
# corpus: label=positive styles=attribute,parameter

import jax
import jax.numpy as jnp


def make_smooth_abs(eps=1e-3):
    @jax.custom_jvp
    def smooth_abs(x):
        return jnp.sqrt(x * x + eps)

    @smooth_abs.defjvp
    def rule(primals, tangents):
        x, dx = primals[0], tangents[0]
        return x / jnp.sqrt(x * x + eps) * dx  # expect: custom-jvp-rule-not-pair

    return smooth_abs


l1 = make_smooth_abs(1e-4)


def lasso_penalty(w, lam=0.1):
    return lam * jnp.sum(l1(w))


print(jax.jit(jax.grad(lasso_penalty))(jnp.array([1.0, -2.0, 0.0])))

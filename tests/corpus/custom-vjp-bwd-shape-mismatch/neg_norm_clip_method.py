"""A model method differentiates a custom_vjp norm whose bwd scales the input vector."""
# corpus: label=negative styles=method batch=e

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v**2) + 1e-12)


def safe_norm_fwd(v):
    n = safe_norm(v)
    return n, (v, n)


def safe_norm_bwd(res, g):
    v, n = res
    return (g * v / n,)


safe_norm.defvjp(safe_norm_fwd, safe_norm_bwd)


class Regulariser:
    def __init__(self, weight):
        self.weight = weight

    def penalty(self, params):
        return self.weight * safe_norm(params)

    def penalty_grad(self, params):
        return jax.grad(self.penalty)(params)


Regulariser(0.1).penalty_grad(jnp.ones(5))

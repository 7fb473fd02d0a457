# corpus: label=positive styles=method,attribute batch=c
"""The forward and backward rules live on a class as static methods; fwd returns a bare array."""

import jax
import jax.numpy as jnp


class SafeSqrt:
    eps = 1e-6

    @staticmethod
    def fwd(x):
        y = jnp.sqrt(jnp.maximum(x, SafeSqrt.eps))
        return y  # expect: custom-vjp-fwd-not-pair

    @staticmethod
    def bwd(y, g):
        return (g / (2.0 * y),)


safe_sqrt = jax.custom_vjp(lambda x: jnp.sqrt(jnp.maximum(x, SafeSqrt.eps)))
safe_sqrt.defvjp(SafeSqrt.fwd, SafeSqrt.bwd)

print(jax.vjp(safe_sqrt, jnp.array([4.0, 9.0]))[0])

# realbug: jax-20889-custom-jvp-nondiff-array
# source: https://github.com/jax-ml/jax/issues/20889
# kind: custom-rule-nondiff-array
# raises: UnexpectedTracerError: Encountered an unexpected tracer
import jax
from jax import numpy as jnp


def func_fwd(arr, mask):
    return arr * mask


def func_jvp(mask, primals, tangents):
    def f(arr):
        return arr * mask

    return jax.jvp(f, primals, tangents)


func = jax.custom_jvp(func_fwd, nondiff_argnums=(1,))  # BUG
func.defjvp(func_jvp)


def step(carry, _):
    return (func(*carry), carry[1]), None


def loss(x, mask):
    carry, _ = jax.lax.scan(step, (x, mask), [None] * 2, length=2)  # BUG: JAX raises here (its innermost frame in this file)
    return carry[0].sum()


x = jnp.ones(10)
mask = jnp.zeros(10, dtype=bool)
print(jax.grad(loss)(x, mask))  # BUG

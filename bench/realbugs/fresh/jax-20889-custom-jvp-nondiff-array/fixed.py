# realbug: jax-20889-custom-jvp-nondiff-array (fixed)
# source: https://github.com/jax-ml/jax/issues/20889
import jax
from jax import numpy as jnp


@jax.custom_jvp
def func(arr, mask):
    return arr * mask


@func.defjvp
def func_jvp(primals, tangents):
    arr, mask = primals
    arr_dot, _ = tangents
    return arr * mask, arr_dot * mask


def step(carry, _):
    return (func(*carry), carry[1]), None


def loss(x, mask):
    carry, _ = jax.lax.scan(step, (x, mask), [None] * 2, length=2)
    return carry[0].sum()


x = jnp.ones(10)
mask = jnp.zeros(10, dtype=bool)
print(jax.grad(loss)(x, mask))

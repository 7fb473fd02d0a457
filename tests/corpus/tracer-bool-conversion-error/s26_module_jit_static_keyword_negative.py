"""The same nnx.jit-like decorator, called with the flag by keyword, which `static_argnames` covers. Based on google/flax#4146."""
# corpus: label=negative styles=transform,parameter batch=s26

import functools

import jax
import jax.numpy as jnp


def module_jit(fn=None, *, static_argnames=()):
    if fn is None:
        return functools.partial(module_jit, static_argnames=static_argnames)

    def inner(*args, **kwargs):
        return fn(*args, **kwargs)

    return jax.jit(inner, static_argnames=static_argnames)


@module_jit(static_argnames=("deterministic",))
def dropout_block(x, deterministic):
    if deterministic:
        return x
    return x * 0.5


print(dropout_block(jnp.ones(3), deterministic=True))

"""The decorated loss with jnp.square."""
# corpus: label=negative styles=helper,transform batch=s25

import functools

import jax
import jax.numpy as jnp


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        out = fn(*args, **kwargs)
        return out

    return inner


@logged
def loss(w, x):
    return jnp.square(x @ w).sum()


print(jax.grad(loss)(jnp.ones(3), jnp.ones((2, 3))))

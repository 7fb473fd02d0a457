"""A decorator factory jits with a static position past the function's parameters."""

# corpus: label=positive styles=return,transform
import jax
import jax.numpy as jnp


def compiled(static):
    def wrap(fn):
        return jax.jit(fn, static_argnums=static)  # expect: jit-static-argnums-out-of-range

    return wrap


@compiled(static=(2,))
def scale(x, factor):
    return x * factor


scale(jnp.ones(3), 2.0)

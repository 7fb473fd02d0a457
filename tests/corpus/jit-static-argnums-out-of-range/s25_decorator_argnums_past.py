"""A decorator factory marks argument 2 static on a two-parameter function."""
# corpus: label=positive styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


def compiled(*static):
    def wrap(fn):
        return jax.jit(fn, static_argnums=static)  # expect: jit-static-argnums-out-of-range

    return wrap


@compiled(2)
def scale(x, factor):
    return x * factor


print(scale(jnp.ones(3), 2.0))

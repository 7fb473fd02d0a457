# corpus: label=positive styles=transform batch=s32
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n",))  # expect: jit-static-argnames-positional-only
def repeat(x, n, /):
    return jnp.tile(x, n)


print(repeat(jnp.ones(2), 3))

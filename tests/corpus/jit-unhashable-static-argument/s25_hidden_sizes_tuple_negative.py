"""The jitted MLP with its sizes as a tuple."""
# corpus: label=negative styles=parameter,transform batch=s25

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames="sizes")
def forward(x, sizes):
    for n in sizes:
        x = jnp.tanh(x[..., :n])
    return x


print(forward(jnp.ones((2, 8)), sizes=(6, 4)))

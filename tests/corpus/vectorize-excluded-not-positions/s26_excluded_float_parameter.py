"""A helper vectorizes a function with the excluded positions given by its caller, who computes one as a float (`n / 2`)."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax.numpy as jnp


def vectorized(fn, skip):
    return jnp.vectorize(fn, excluded={skip})  # expect: vectorize-excluded-not-positions


def affine(x, scale, shift):
    return x * scale + shift


n_args = 2
f = vectorized(affine, n_args / 2)
print(f(jnp.arange(3.0), 2.0, 1.0))

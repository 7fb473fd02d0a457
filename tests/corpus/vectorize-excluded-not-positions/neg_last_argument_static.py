"""The same helper given the position from the start."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def polynomial(x, coefficients):
    return sum(c * x**i for i, c in enumerate(coefficients))


def vectorized(function, static):
    return jnp.vectorize(function, excluded={static})


evaluate = vectorized(polynomial, 1)
print(evaluate(jnp.linspace(0.0, 1.0, 5), (1.0, 2.0, 3.0)))

"""A helper excludes the last argument from vectorization by counting from the end."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def polynomial(x, coefficients):
    return sum(c * x**i for i, c in enumerate(coefficients))


def vectorized(function, static):
    return jnp.vectorize(function, excluded={static})  # expect: vectorize-excluded-not-positions


evaluate = vectorized(polynomial, -1)
print(evaluate(jnp.linspace(0.0, 1.0, 5), (1.0, 2.0, 3.0)))

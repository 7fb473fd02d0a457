"""A weighted score whose weights are a Python list, as NumPy's dot accepts."""
# corpus: label=positive styles=helper batch=s33

import jax.numpy as jnp


def score(features):
    weights = [0.2, 0.3, 0.5]
    return jnp.dot(features, weights)  # expect: list-as-array-argument


print(score(jnp.ones((4, 3))))

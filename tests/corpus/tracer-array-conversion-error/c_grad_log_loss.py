# corpus: label=positive styles=transform batch=c
"""The log-likelihood uses np.log; jax.grad traces it with JVP tracers."""

import jax
import jax.numpy as jnp
import numpy as np


def nll(rate, counts):
    return -jnp.sum(counts * np.log(rate) - rate)  # expect: tracer-array-conversion-error


counts = jnp.array([1.0, 3.0, 2.0])
print(jax.grad(nll)(jnp.array([1.5, 2.0, 2.5]), counts))

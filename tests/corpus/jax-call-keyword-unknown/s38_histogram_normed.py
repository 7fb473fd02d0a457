"""A density estimate asked for with histogram's long-gone keyword."""

# corpus: label=positive styles=direct batch=s38

import jax
from jax import numpy as jnp

samples = jax.random.normal(jax.random.PRNGKey(0), (1000,))
counts, edges = jnp.histogram(samples, bins=20, normed=True)  # expect: jax-call-keyword-unknown
print(counts.sum())

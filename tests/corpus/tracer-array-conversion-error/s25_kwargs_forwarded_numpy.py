"""A metrics helper forwards **kwargs to a NumPy-based statistic; the caller runs under jit."""
# corpus: label=positive styles=helper,parameter batch=s25

import jax
import jax.numpy as jnp
import numpy as np


def percentile(x, q=50.0):
    return np.percentile(x, q)  # expect: tracer-array-conversion-error


def summarize(x, **kwargs):
    return {"p": percentile(x, **kwargs), "mean": x.mean()}


print(jax.jit(lambda x: summarize(x, q=90.0))(jnp.arange(10.0)))

# corpus: label=negative styles=helper,return batch=c
"""np.sum and np.mean on a traced array dispatch to the array's own .sum/.mean, and a NumPy
matrix times a tracer defers to jax: this runs under jit."""

import jax
import jax.numpy as jnp
import numpy as np

PROJ = np.ones((2, 4), dtype=np.float32)


def summary(x):
    return np.sum(x) + np.mean(x)


@jax.jit
def f(x):
    return summary(x) + (PROJ @ x).sum() + np.shape(x)[0]


print(f(jnp.ones(4)))

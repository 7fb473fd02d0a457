# corpus: label=positive styles=return,transform batch=c
"""A per-example projection written with np.dot is vmapped over the batch."""

import jax
import jax.numpy as jnp
import numpy as np

PROJ = np.ones((2, 4), dtype=np.float32)


def project(v):
    return np.dot(PROJ, v)  # expect: tracer-array-conversion-error


batch = jnp.ones((5, 4))
print(jax.vmap(project)(batch).shape)

# corpus: rule=non-concrete-boolean-index-error label=negative styles=module,helper batch=c
"""The jitted evaluation uses the package's masked metrics (jnp.where, nonzero with size)."""

import jax
import jax.numpy as jnp
from metrics import masked_mean, top_positive


@jax.jit
def evaluate(scores):
    return masked_mean(scores, scores > 0), top_positive(scores)


print(evaluate(jnp.array([0.5, -1.0, 2.0, -0.1])))

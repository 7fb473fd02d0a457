"""A loss averages over the batch axis with lax.pmean, but it is only jitted, never mapped."""
# corpus: label=positive styles=helper,transform batch=s29

import jax
import jax.numpy as jnp
from jax import lax


def batch_mean(values):
    return lax.pmean(values, axis_name="batch")  # expect: unbound-axis-name


def loss(params, x):
    return batch_mean((x @ params) ** 2).sum()


params = jnp.ones((3, 2))
print(jax.jit(loss)(params, jnp.ones((4, 3))))

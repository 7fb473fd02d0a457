# corpus: label=negative styles=return batch=c
"""The running sum, fixed: the lambda body returns (carry, None)."""

import jax.numpy as jnp
from jax import lax

rewards = jnp.array([1.0, 0.0, 2.0, 1.0])
total, _ = lax.scan(lambda acc, r: (acc + r, None), 0.0, rewards)
print(total)

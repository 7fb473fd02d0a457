"""A numerics helper takes the epsilon of its input's dtype; it is called on token ids made with `jnp.arange`, an integer array."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax.numpy as jnp


def safe_log(x):
    eps = jnp.finfo(x.dtype).eps  # expect: finfo-integer-dtype
    return jnp.log(jnp.maximum(x, eps))


token_ids = jnp.arange(6)
print(safe_log(token_ids))

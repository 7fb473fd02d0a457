"""Under jit, `range(x.shape[0])` and `x.shape[-1]` are static, and a traced index into a jnp array is fine."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def row_norms(x, pick):
    width = x.shape[-1]
    norms = [jnp.sqrt(jnp.sum(x[i] ** 2) / width) for i in range(x.shape[0])]
    table = jnp.stack(norms)
    return table, table[pick]


row_norms(jnp.arange(12.0).reshape(3, 4), 2)

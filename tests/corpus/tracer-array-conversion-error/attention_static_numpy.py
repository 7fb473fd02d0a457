"""Under jit, NumPy only ever sees static shapes: `np.sqrt(d)` scaling and an `np.tril` causal mask."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def causal_attention(q, k, v):
    t, d = q.shape
    scores = q @ k.T / np.sqrt(d)
    mask = np.tril(np.ones((t, t), dtype=bool))
    scores = jnp.where(mask, scores, -jnp.inf)
    return jax.nn.softmax(scores, axis=-1) @ v


x = jnp.ones((4, 8))
causal_attention(x, x, x)

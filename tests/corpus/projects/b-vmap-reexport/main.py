"""Retrieval scoring vmaps the re-exported cosine_score with an in_axes entry for a temperature."""
# corpus: rule=vmap-in-axes-length label=positive styles=module,helper

import jax
import jax.numpy as jnp
from simmetrics import cosine_score


def score_batch(queries, keys):
    batched = jax.vmap(cosine_score, in_axes=(0, 0, None))  # expect: vmap-in-axes-length
    return batched(queries, keys)


queries = jnp.ones((4, 8))
keys = jnp.ones((4, 8))
print(score_batch(queries, keys))

# corpus: label=positive styles=attribute,method batch=c
"""A retrieval scorer vmaps its score method over queries with in_axes for (query, docs), but
calls the batched version with the queries only."""

import jax
import jax.numpy as jnp


class DotScorer:
    def __init__(self, docs):
        self.docs = docs
        self.batched = jax.vmap(self.score, in_axes=(0, None))  # expect: vmap-in-axes-length

    def score(self, query, docs):
        return docs @ query

    def rank(self, queries):
        scores = self.batched(queries)
        return jnp.argsort(-scores, axis=-1)


scorer = DotScorer(jnp.eye(4))
print(scorer.rank(jnp.ones((2, 4))))

# corpus: label=negative styles=attribute,method batch=c
"""The scorer vmaps a closure over the documents with an int in_axes, which fits any number of
arguments."""

import jax
import jax.numpy as jnp


class DotScorer:
    def __init__(self, docs):
        self.docs = docs
        self.batched = jax.vmap(self.score, in_axes=0)

    def score(self, query):
        return self.docs @ query

    def rank(self, queries):
        return jnp.argsort(-self.batched(queries), axis=-1)


print(DotScorer(jnp.eye(4)).rank(jnp.ones((2, 4))))

"""The diagonal of a matrix that a sum over its rows already reduced."""

# corpus: label=positive styles=method batch=s36
import jax.numpy as jnp


class Gram:
    def __init__(self, features):
        self.features = features

    def trace_terms(self):
        gram = (self.features.T @ self.features).sum(axis=0)
        return gram.diagonal()  # expect: diagonal-input-rank


Gram(jnp.ones((5, 3))).trace_terms()

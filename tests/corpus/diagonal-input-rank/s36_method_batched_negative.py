"""The diagonals of a batch of Gram matrices, over their last two axes."""

# corpus: label=negative styles=method batch=s36
import jax.numpy as jnp


class Gram:
    def __init__(self, features):
        self.features = features

    def trace_terms(self):
        gram = jnp.einsum("bni,bnj->bij", self.features, self.features)
        return gram.diagonal(axis1=-2, axis2=-1)


Gram(jnp.ones((2, 5, 3))).trace_terms()

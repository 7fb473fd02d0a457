"""Branch functions made by a factory; one of them keeps a batch axis the other drops."""
# corpus: label=positive styles=return,attribute

import jax.numpy as jnp
from jax import lax


def make_branch(reduce):
    if reduce:
        return lambda x: x.sum(axis=0)
    return lambda x: x


summed = make_branch(True)
identity = make_branch(False)
lax.cond(True, summed, identity, jnp.ones((4, 3)))  # expect: cond-branch-output-mismatch

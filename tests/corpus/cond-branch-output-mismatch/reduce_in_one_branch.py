"""One branch of a cond returns the per-element loss, the other its mean."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def per_element(pred, target):
    return (pred - target) ** 2


def averaged(pred, target):
    return jnp.mean((pred - target) ** 2)


def loss(pred, y, reduce):
    out = lax.cond(reduce, averaged, per_element, pred, y)  # expect: cond-branch-output-mismatch
    return out


print(loss(jnp.ones(4), jnp.zeros(4), True))

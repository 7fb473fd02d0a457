"""Both branches keep the per-element shape."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def per_element(pred, target):
    return (pred - target) ** 2


def scaled(pred, target):
    return 0.5 * (pred - target) ** 2


def loss(pred, target, halve):
    return lax.cond(halve, scaled, per_element, pred, target)


print(loss(jnp.ones(4), jnp.zeros(4), True))

"""The same Partial, with the index kept as an array (`jnp.argmax`) instead of an int."""
# corpus: label=negative styles=transform,parameter batch=s26

import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def top_class(threshold, logits):
    best = jnp.argmax(logits)
    return jnp.where(logits[best] > threshold, best, -1)


@jax.jit
def predict(fn, logits):
    return fn(logits)


print(predict(Partial(top_class, jnp.float32(0.5)), jnp.arange(5.0)))

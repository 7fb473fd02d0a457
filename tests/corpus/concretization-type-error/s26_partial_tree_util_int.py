"""A `jax.tree_util.Partial` holds a threshold array; the jitted function it wraps converts the top score with `int()`."""
# corpus: label=positive styles=transform,parameter batch=s26

import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def top_class(threshold, logits):
    best = int(jnp.argmax(logits))  # expect: concretization-type-error
    return jnp.where(logits[best] > threshold, best, -1)


@jax.jit
def predict(fn, logits):
    return fn(logits)


print(predict(Partial(top_class, jnp.float32(0.5)), jnp.arange(5.0)))

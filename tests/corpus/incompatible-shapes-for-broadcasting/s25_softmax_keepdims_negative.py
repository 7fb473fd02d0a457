"""The stable softmax with keepdims=True."""
# corpus: label=negative styles=helper,return batch=s25

import jax
import jax.numpy as jnp


def stable_softmax(logits):
    shifted = logits - jnp.max(logits, axis=1, keepdims=True)
    e = jnp.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


@jax.jit
def predict(w, x):
    return stable_softmax(x @ w)


print(predict(jnp.ones((5, 10)), jnp.ones((32, 5))))

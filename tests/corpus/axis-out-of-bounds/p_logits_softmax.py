"""A softmax over axis 2 of the 2-D logits a dense helper returns."""

# corpus: label=positive styles=helper,return
import jax
import jax.numpy as jnp


def dense(x, w):
    return x @ w


def probs(x, w):
    logits = dense(x, w)
    return jax.nn.softmax(logits, axis=2)  # expect: axis-out-of-bounds


probs(jnp.ones((4, 3)), jnp.ones((3, 5)))

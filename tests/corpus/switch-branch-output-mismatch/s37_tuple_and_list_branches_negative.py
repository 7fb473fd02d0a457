"""The activation branches, both returning a tuple."""

# corpus: label=negative styles=direct batch=s37

import jax
import jax.numpy as jnp


def relu_pair(v):
    return (jax.nn.relu(v), v > 0)


def tanh_pair(v):
    return (jnp.tanh(v), v > 0)


which = jnp.array(1)
out = jax.lax.switch(which, [relu_pair, tanh_pair], jnp.ones(3))

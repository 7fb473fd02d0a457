"""A temperature scalar is mapped along axis 0 with the logits."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


def scaled_softmax(logits, temperature):
    return jax.nn.softmax(logits / temperature)


logits = jnp.ones((16, 10))
temperature = jnp.array(2.0)
jax.vmap(scaled_softmax)(logits, temperature)  # expect: vmap-axis-out-of-range

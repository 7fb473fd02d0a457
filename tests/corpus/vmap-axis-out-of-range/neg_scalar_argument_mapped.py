"""The temperature is passed unmapped."""
# corpus: label=negative styles=transform,parameter

import jax
import jax.numpy as jnp


def scaled_softmax(logits, temperature):
    return jax.nn.softmax(logits / temperature)


logits = jnp.ones((16, 10))
temperature = jnp.array(2.0)
print(jax.vmap(scaled_softmax, in_axes=(0, None))(logits, temperature).shape)

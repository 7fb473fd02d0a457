"""vmap is given two in_axes entries for a function called with three arguments."""
# corpus: label=positive styles=transform,parameter batch=s25

import jax
import jax.numpy as jnp


def predict(params, x, temperature):
    return jax.nn.softmax(x @ params / temperature)


batched = jax.vmap(predict, in_axes=(None, 0))  # expect: vmap-in-axes-length
print(batched(jnp.ones((3, 2)), jnp.ones((5, 3)), 1.0))

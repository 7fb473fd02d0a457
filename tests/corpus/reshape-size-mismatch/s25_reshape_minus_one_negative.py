"""A flatten helper reshapes with -1 and a batch size read from the shape."""
# corpus: label=negative styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


def flatten(x):
    return x.reshape(x.shape[0], -1)


print(jax.vmap(flatten)(jnp.ones((4, 2, 3, 5))).shape)

# corpus: label=negative styles=helper,parameter batch=s38
import jax.numpy as jnp


def pad_to(values, length):
    missing = length - values.shape[0]
    return jnp.pad(values, (0, missing), mode="constant")


selected = jnp.zeros((0,))
pad_to(selected, 8)

# corpus: label=negative styles=transform,return batch=s38
import jax
import jax.numpy as jnp


@jax.jit
def periodic(image):
    return jnp.pad(image, 1, mode="wrap")


periodic(jnp.zeros((4, 5)))

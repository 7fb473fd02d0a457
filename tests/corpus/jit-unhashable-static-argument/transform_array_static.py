# corpus: label=positive styles=transform,return
import jax
import jax.numpy as jnp


def window(x, indices):
    return x[jnp.asarray(indices)]


def make_windowed():
    return jax.jit(window, static_argnums=(1,))


windowed = make_windowed()
indices = jnp.array([0, 2])
windowed(jnp.arange(5.0), indices)  # expect: jit-unhashable-static-argument

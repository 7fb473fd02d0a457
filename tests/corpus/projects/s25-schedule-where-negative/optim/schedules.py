import jax.numpy as jnp


def cosine_with_floor(step, total=1000, floor=0.1):
    frac = step / total
    value = 0.5 * (1 + jnp.cos(jnp.pi * frac))
    return jnp.maximum(value, floor)

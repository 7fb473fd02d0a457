import jax.numpy as jnp


def l2_normalize(x, eps=1e-6):
    return x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + eps)

"""Scaling closures made in a loop (default-argument capture), applied in turn to a matrix."""

# corpus: label=positive styles=helper,return
import jax.numpy as jnp


def make_scalers(widths):
    scalers = []
    for w in widths:
        scale = jnp.ones(w)
        scalers.append(lambda x, s=scale: x * s)  # expect: incompatible-shapes-for-broadcasting
    return scalers


x = jnp.ones((2, 3))
for s in make_scalers([3, 4]):
    x = s(x)

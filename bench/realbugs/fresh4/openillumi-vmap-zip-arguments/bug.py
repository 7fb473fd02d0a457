# realbug: openillumi-vmap-zip-arguments
# source: https://openillumi.com/en/en-jax-vmap-multiple-arguments-solution
# kind: not-jax-type
# raises: TypeError: .*zip.* is not a valid JAX type
# The page's mistake (a zip of the per-example arguments handed to vmap) with its arrays.
import jax.numpy as jnp
from jax import vmap


def f(x_y):
    # Function expects arguments bundled in a single object (tuple)
    x, y = x_y
    return x.sum() + y.sum()


xs = jnp.zeros((4, 3))
ys = jnp.zeros((4, 2))

vmap(f)(zip(xs, ys))  # BUG

"""Filter-kernel factories: each returns a function from a width to the kernel's taps."""

import jax.numpy as jnp


def make_box_filter():
    def box(width):
        return jnp.ones((width,)) / width  # expect: traced-shape-argument

    return box


def make_triangle_filter():
    def triangle(width):
        up = jnp.arange(1, width // 2 + 2)
        taps = jnp.concatenate([up, up[-2::-1]])
        return taps / taps.sum()

    return triangle

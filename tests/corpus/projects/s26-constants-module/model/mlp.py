"""A functional MLP whose widths come from the package's constants module."""

import jax.numpy as jnp

from .constants import HIDDEN_SIZES


def init_mlp():
    return [jnp.ones((m, n)) for m, n in zip(HIDDEN_SIZES[:-1], HIDDEN_SIZES[1:])]  # noqa: RUF007


def mlp_apply(params, x):
    for w in params:
        x = jnp.tanh(x @ w)  # expect: dot-general-contracting-dims-mismatch
    return x

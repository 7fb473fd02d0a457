"""Recurrent cells: each maps (params, h, x) to the next hidden state."""

import jax.numpy as jnp


def minimal_gated_cell(params, h, x):
    f = 1.0 / (1.0 + jnp.exp(-(x @ params["wf"] + h @ params["uf"])))
    candidate = jnp.tanh(x @ params["wh"] + (f * h) @ params["uh"])
    return (1.0 - f) * h + f * candidate

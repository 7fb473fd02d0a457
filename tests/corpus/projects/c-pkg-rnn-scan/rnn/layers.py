"""Running a cell over a sequence."""

import jax
import jax.numpy as jnp
from jax import lax

from .cells import minimal_gated_cell


def init_rnn(key, n_in, hidden):
    k = jax.random.split(key, 4)
    return {
        "wf": jax.random.normal(k[0], (n_in, hidden)) * 0.1,
        "uf": jax.random.normal(k[1], (hidden, hidden)) * 0.1,
        "wh": jax.random.normal(k[2], (n_in, hidden)) * 0.1,
        "uh": jax.random.normal(k[3], (hidden, hidden)) * 0.1,
    }


def run_rnn(params, xs, hidden):
    def body(h, x):
        return minimal_gated_cell(params, h, x)  # expect: scan-body-not-pair

    return lax.scan(body, jnp.zeros(hidden), xs)

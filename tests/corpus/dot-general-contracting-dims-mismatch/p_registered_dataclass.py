"""A registered dataclass of weights whose second matrix has the wrong input width, under jit."""

# corpus: label=positive styles=attribute,transform
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class Params:
    w1: jax.Array
    w2: jax.Array


def forward(p: Params, x):
    return jnp.tanh(x @ p.w1) @ p.w2  # expect: dot-general-contracting-dims-mismatch


p = Params(jnp.ones((4, 8)), jnp.ones((4, 2)))
jax.jit(forward)(p, jnp.ones((3, 4)))

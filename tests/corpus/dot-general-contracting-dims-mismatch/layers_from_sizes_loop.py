"""MLP weights built from a list of sizes and applied in a loop; the input width is not sizes[0]."""
# corpus: label=positive styles=helper,parameter

import itertools

import jax.numpy as jnp


def init(sizes):
    return [jnp.ones((m, n)) * 0.1 for m, n in itertools.pairwise(sizes)]


def forward(weights, x):
    for w in weights:
        x = jnp.tanh(x @ w)  # expect: dot-general-contracting-dims-mismatch
    return x


weights = init([8, 16, 4])
print(forward(weights, jnp.ones((2, 10))).shape)

"""The Partial binds a bias of the output width."""
# corpus: label=negative styles=transform,parameter batch=s26

import jax.numpy as jnp
from jax.tree_util import Partial


def add_bias(bias, x):
    return x + bias


output_bias = Partial(add_bias, jnp.zeros(3))
print(output_bias(jnp.ones((2, 3))))

"""A `jax.tree_util.Partial` binds a bias of the hidden width to an add-bias function that is applied to the output layer's activations."""
# corpus: label=positive styles=transform,parameter batch=s26

import jax.numpy as jnp
from jax.tree_util import Partial


def add_bias(bias, x):
    return x + bias  # expect: incompatible-shapes-for-broadcasting


hidden_bias = Partial(add_bias, jnp.zeros(4))
logits = jnp.ones((2, 3))
print(hidden_bias(logits))

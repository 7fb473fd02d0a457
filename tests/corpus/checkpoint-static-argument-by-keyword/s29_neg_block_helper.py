"""A rematerialised block takes its activation name as a static argument; a helper passes it by position."""
# corpus: label=negative styles=helper,parameter batch=s29

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.checkpoint, static_argnums=(1,))
def mlp_block(x, activation="relu"):
    h = x @ jnp.ones((x.shape[-1], 8))
    return jax.nn.relu(h) if activation == "relu" else jnp.tanh(h)


def forward(x, activation):
    return mlp_block(x, activation)


print(forward(jnp.ones((2, 4)), "tanh").shape)

"""A function with *args accepts any position, so static_argnums=3 is allowed."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp


def chain(x, *layers):
    for kind in layers:
        x = jnp.tanh(x) if kind == "tanh" else jax.nn.relu(x)
    return x


apply_chain = jax.jit(chain, static_argnums=(1, 2, 3))
print(apply_chain(jnp.linspace(-1.0, 1.0, 4), "tanh", "relu", "tanh"))

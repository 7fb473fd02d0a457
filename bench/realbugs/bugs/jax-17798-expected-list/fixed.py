# realbug: jax-17798-expected-list (fixed)
# source: https://github.com/jax-ml/jax/issues/17798
import jax
import jax.numpy as jnp


def update(choices, new_values):
    return jax.tree_util.tree_map(lambda c, v: c + v, choices, list(new_values))


choices = [jnp.zeros(3), jnp.zeros(3)]
new_values = (jnp.ones(3), jnp.ones(3))
print(update(choices, new_values))

"""An ensemble initialiser makes its members' keys from an array of seeds in one call."""
# corpus: label=positive styles=helper,parameter batch=s42

import jax
import jax.numpy as jnp


def member_keys(seeds):
    return jax.random.key(seeds)  # expect: random-key-as-seed


def init_ensemble(n_members, dim):
    keys = member_keys(jnp.arange(n_members))
    return jax.vmap(lambda k: jax.random.normal(k, (dim,)))(keys)


print(init_ensemble(4, 3).shape)

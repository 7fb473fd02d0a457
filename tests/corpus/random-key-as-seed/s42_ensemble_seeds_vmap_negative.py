"""The ensemble initialiser maps the key maker over the seeds: one scalar seed per member."""
# corpus: label=negative styles=helper,parameter,transform batch=s42

import jax
import jax.numpy as jnp


def member_keys(seeds):
    return jax.vmap(jax.random.key)(seeds)


def init_ensemble(n_members, dim):
    keys = member_keys(jnp.arange(n_members))
    return jax.vmap(lambda k: jax.random.normal(k, (dim,)))(keys)


print(init_ensemble(4, 3).shape)

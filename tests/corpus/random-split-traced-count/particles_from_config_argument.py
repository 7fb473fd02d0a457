"""A particle filter's config NamedTuple is a jit argument, so the particle count it carries is traced when the key is split."""
# corpus: label=positive styles=attribute,parameter

from typing import NamedTuple

import jax
import jax.numpy as jnp


class FilterConfig(NamedTuple):
    num_particles: int
    noise: float


@jax.jit
def propose(key, state, cfg):
    keys = jax.random.split(key, cfg.num_particles)  # expect: random-split-traced-count
    return jax.vmap(lambda k: state + cfg.noise * jax.random.normal(k, state.shape))(keys)


print(propose(jax.random.key(0), jnp.zeros(2), FilterConfig(8, 0.1)).shape)

# realbug: genjax-621-split-default-two-keys (fixed)
# source: https://github.com/genjax-community/genjax/issues/621
import jax
import jax.numpy as jnp


def rejuvenate_one(key, particle):
    return particle + jax.random.normal(key, particle.shape)


def rejuvenate(key, particles):
    n_particles = particles.shape[0]
    sub_keys = jax.random.split(key, n_particles)
    return jax.vmap(rejuvenate_one)(sub_keys, particles)


print(rejuvenate(jax.random.PRNGKey(0), jnp.zeros((5, 3))))

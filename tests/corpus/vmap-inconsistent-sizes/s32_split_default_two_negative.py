# corpus: label=negative styles=parameter batch=s32
import jax
import jax.numpy as jnp


def perturb(key, particle):
    return particle + 0.1 * jax.random.normal(key, particle.shape)


def rejuvenate(key, particles):
    sub_keys = jax.random.split(key, particles.shape[0])
    return jax.vmap(perturb)(sub_keys, particles)


print(rejuvenate(jax.random.key(3), jnp.ones((6, 2))))

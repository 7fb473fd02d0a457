# corpus: label=positive styles=parameter batch=s32
import jax
import jax.numpy as jnp


def perturb(key, particle):
    return particle + 0.1 * jax.random.normal(key, particle.shape)


def rejuvenate(key, particles):
    sub_keys = jax.random.split(key)
    return jax.vmap(perturb)(sub_keys, particles)  # expect: vmap-inconsistent-sizes


print(rejuvenate(jax.random.key(3), jnp.ones((6, 2))))

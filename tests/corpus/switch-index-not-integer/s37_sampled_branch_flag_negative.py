"""The mixture sampler with the bernoulli draw cast to an integer index."""

# corpus: label=negative styles=helper batch=s37

import jax
import jax.numpy as jnp


def sample_component(key, components):
    key, pick = jax.random.split(key)
    flag = jax.random.bernoulli(pick, 0.3)
    return jax.lax.switch(flag.astype(jnp.int32), components, key)


print(sample_component(jax.random.key(0), [jax.random.normal, jax.random.uniform]))

"""A mixture sampler that picks its component with a bernoulli draw passed straight to switch."""

# corpus: label=positive styles=helper batch=s37

import jax


def sample_component(key, components):
    key, pick = jax.random.split(key)
    flag = jax.random.bernoulli(pick, 0.3)
    return jax.lax.switch(flag, components, key)  # expect: switch-index-not-integer


print(sample_component(jax.random.key(0), [jax.random.normal, jax.random.uniform]))

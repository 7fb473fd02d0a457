# realbug: genjax-702-switch-bool-index (fixed)
# source: https://github.com/genjax-community/genjax/issues/702
import jax
import jax.numpy as jnp


def branch_a(key):
    return jax.random.normal(key)


def branch_b(key):
    return jax.random.uniform(key)


key = jax.random.PRNGKey(1)
key, sub = jax.random.split(key)
prob = jax.random.bernoulli(sub, 0.3)
value = jax.lax.switch(prob.astype(jnp.int32), [branch_a, branch_b], key)

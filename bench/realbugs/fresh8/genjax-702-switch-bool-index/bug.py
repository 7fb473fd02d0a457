# realbug: genjax-702-switch-bool-index
# source: https://github.com/genjax-community/genjax/issues/702
# kind: switch-index
# raises: TypeError: Index type must be an integer, got .* as bool
# The report's Switch combinator selects its branch with a `bernoulli` choice, a boolean, and
# genjax passes it to `lax.switch`; genjax's Switch is reduced here to that `lax.switch` call
# (the maintainer: trace 0 or 1, not a bool).
import jax
import jax.numpy as jnp


def branch_a(key):
    return jax.random.normal(key)


def branch_b(key):
    return jax.random.uniform(key)


key = jax.random.PRNGKey(1)
key, sub = jax.random.split(key)
prob = jax.random.bernoulli(sub, 0.3)
value = jax.lax.switch(prob, [branch_a, branch_b], key)  # BUG

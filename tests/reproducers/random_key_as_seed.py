"""Raises TypeError: a PRNG key passed to the key maker where its integer seed goes."""

import jax

key = jax.random.PRNGKey(0)
jax.random.PRNGKey(key)

"""Raises TypeError: jax.random.choice given an int as its shape (it requires a sequence)."""

import jax

draws = jax.random.choice(jax.random.PRNGKey(1234), 8, shape=100)

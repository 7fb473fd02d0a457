"""Raises TypeError: lax.switch given a boolean (a bernoulli draw) as its branch index."""

import jax
import jax.numpy as jnp

flag = jax.random.bernoulli(jax.random.key(0), 0.3)
jax.lax.switch(flag, [lambda v: v, lambda v: -v], jnp.ones(3))

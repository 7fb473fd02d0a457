"""Raises ValueError: in_axes is a dict whose keys differ from the argument's dict."""

import jax
import jax.numpy as jnp

params = {"w": jnp.ones((4, 3)), "b": jnp.ones(4)}
jax.vmap(lambda p: p["w"].sum() + p["b"].sum(), in_axes=({"w": 0, "bias": 0},))(params)

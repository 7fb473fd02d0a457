"""Raises ModuleNotFoundError: jax.config, a module JAX removed (the config is jax.config)."""

from jax.config import config

config.update("jax_enable_x64", True)

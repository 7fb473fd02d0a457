# realbug: chex-8-dataclass-positional (fixed)
# source: https://github.com/google-deepmind/chex/issues/8
import chex
import jax.numpy as jnp


@chex.dataclass
class Parameters:
  x: chex.ArrayDevice
  y: chex.ArrayDevice


parameters = Parameters(x=jnp.ones((2, 2)), y=jnp.ones((1, 2)))

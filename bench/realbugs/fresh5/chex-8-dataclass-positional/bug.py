# realbug: chex-8-dataclass-positional
# source: https://github.com/google-deepmind/chex/issues/8
# kind: library-contract
# raises: ValueError: Mappable dataclass constructor doesn't support positional args
# The report says its tests broke where a chex dataclass was built with positional arguments,
# which chex refuses on purpose; the dataclass is filled in.
import chex
import jax.numpy as jnp


@chex.dataclass
class Parameters:
  x: chex.ArrayDevice
  y: chex.ArrayDevice


parameters = Parameters(jnp.ones((2, 2)), jnp.ones((1, 2)))  # BUG

# realbug: jax-24478-ad-recast-to-float0-removed
# source: https://github.com/jax-ml/jax/issues/24478
# kind: removed-api
# raises: AttributeError: .*has no attribute 'recast_to_float0'
# The reporter's code (a third-party package) called `jax.interpreters.ad.recast_to_float0`, an
# internal API JAX removed; the call site is filled in.
import jax.numpy as jnp
from jax.interpreters import ad

x = jnp.arange(3)
ct = ad.recast_to_float0(x, jnp.zeros(3))  # BUG

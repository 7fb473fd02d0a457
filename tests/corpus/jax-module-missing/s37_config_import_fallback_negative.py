"""Code for several JAX versions: the old config module is tried, and the error caught."""

# corpus: label=negative styles=direct batch=s37

import jax.numpy as jnp

try:
    from jax.config import config
except ImportError:
    from jax import config

try:
    import jax.experimental.host_callback as hcb
except ModuleNotFoundError:
    hcb = None

config.update("jax_debug_nans", True)
print(jnp.ones(2).dtype, hcb)

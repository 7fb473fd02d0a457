# realbug: pertpy-687-jax-config-module
# source: https://github.com/scverse/pertpy/issues/687
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.config'
# pertpy's coda modules import `config` from the module `jax.config`, which JAX removed (the
# object lives at `jax.config`); the rest of the module is reduced to the x64 switch it sets.
from jax.config import config  # BUG

config.update("jax_enable_x64", True)

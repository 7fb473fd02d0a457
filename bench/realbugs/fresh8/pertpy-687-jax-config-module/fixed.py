# realbug: pertpy-687-jax-config-module (fixed)
# source: https://github.com/scverse/pertpy/issues/687
from jax import config

config.update("jax_enable_x64", True)

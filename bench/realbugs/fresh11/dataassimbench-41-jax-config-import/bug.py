# realbug: dataassimbench-41-jax-config-import
# source: https://github.com/StevePny/DataAssimBench/issues/41
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.config'
# dabench/data/sqgturb.py imported `config` from the `jax.config` submodule (deprecated in
# JAX 0.4.20, since removed; 0.12 refuses the module itself, the report saw the ImportError);
# the spectral step it guards is filled in.
import jax.numpy as jnp
from jax.numpy.fft import rfft2, irfft2
from jax.config import config  # BUG

config.update("jax_enable_x64", True)
pv = jnp.ones((2, 8, 8))
print(irfft2(rfft2(pv)).shape)

# realbug: dataassimbench-41-jax-config-import (fixed)
# source: https://github.com/StevePny/DataAssimBench/issues/41
import jax.numpy as jnp
from jax.numpy.fft import rfft2, irfft2
from jax import config

config.update("jax_enable_x64", True)
pv = jnp.ones((2, 8, 8))
print(irfft2(rfft2(pv)).shape)

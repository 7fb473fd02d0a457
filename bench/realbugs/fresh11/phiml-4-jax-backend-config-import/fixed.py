# realbug: phiml-4-jax-backend-config-import (fixed)
# source: https://github.com/tum-pbs/PhiML/issues/4
import jax
import jax.numpy as jnp
from jax import config


class JaxBackend:
  def set_precision(self, bits):
    config.update("jax_enable_x64", bits == 64)
    return jnp.zeros(1).dtype


print(JaxBackend().set_precision(32))

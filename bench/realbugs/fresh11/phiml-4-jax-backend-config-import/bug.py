# realbug: phiml-4-jax-backend-config-import
# source: https://github.com/tum-pbs/PhiML/issues/4
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.config'
# PhiML's JAX backend (phiml/backend/jax/_jax_backend.py, line 21) imported `config` from the
# `jax.config` submodule (the report, on JAX 0.4.25, saw the ImportError; 0.12 has no such
# module). The backend's precision switch is filled in.
import jax
import jax.numpy as jnp
from jax.config import config  # BUG


class JaxBackend:
  def set_precision(self, bits):
    config.update("jax_enable_x64", bits == 64)
    return jnp.zeros(1).dtype


print(JaxBackend().set_precision(32))

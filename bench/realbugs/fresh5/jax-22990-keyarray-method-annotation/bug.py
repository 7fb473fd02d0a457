# realbug: jax-22990-keyarray-method-annotation
# source: https://github.com/jax-ml/jax/issues/22990
# kind: removed-api
# raises: AttributeError: module 'jax.random' has no attribute 'KeyArray'
# The report's traceback points at line 191 of the (vendored) diffusers scheduling_ddpm_flax.py,
# an annotation `key: random.KeyArray` in a method of FlaxDDPMScheduler; the method's other
# parameters and its body are filled in.
import jax.numpy as jnp
from jax import random


class FlaxDDPMScheduler:
    def step(
        self,
        model_output: jnp.ndarray,
        timestep: int,
        sample: jnp.ndarray,
        key: random.KeyArray,  # BUG
    ):
        noise = random.normal(key=key, shape=model_output.shape)
        return sample - model_output + noise

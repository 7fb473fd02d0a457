# realbug: jax-22990-keyarray-method-annotation (fixed)
# source: https://github.com/jax-ml/jax/issues/22990
import jax
import jax.numpy as jnp
from jax import random


class FlaxDDPMScheduler:
    def step(
        self,
        model_output: jnp.ndarray,
        timestep: int,
        sample: jnp.ndarray,
        key: jax.Array,
    ):
        noise = random.normal(key=key, shape=model_output.shape)
        return sample - model_output + noise

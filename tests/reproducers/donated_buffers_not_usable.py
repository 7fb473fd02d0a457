"""A donated input whose memory no output can reuse: JAX warns that the donation was useless.

The output (a scalar sum) has another shape than the donated (4, 4) input, so XLA cannot alias
them. Warnings are turned into errors here so the warning is raised where JAX issues it.
"""

import warnings

import jax
import jax.numpy as jnp

warnings.simplefilter("error")
total = jax.jit(lambda x: x.sum(), donate_argnums=0)
total(jnp.ones((4, 4)))

"""Running GPU code on a GPU the installed jaxlib has no kernels for (e.g. a Jetson Orin, sm_87,
with the standard x86 CUDA wheels' architectures): the driver finds no kernel image.

Needs such a GPU; written from jax-ml/jax#22723 and #40487; not run here (CPU only).
"""

import jax
import jax.numpy as jnp

x = jnp.ones((256, 256), device=jax.devices("gpu")[0])
(x @ x).block_until_ready()

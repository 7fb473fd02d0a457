"""A replicated computation over two different GPU models (jax-ml/jax#1325: a TITAN V and a
Quadro K2200): the executable compiled for the first device cannot run on the second.

Needs such a machine; not run here (CPU only).
"""

import jax
import jax.numpy as jnp

n = jax.device_count()
print(jax.pmap(lambda x: x * 2)(jnp.arange(n, dtype=jnp.float32)))

"""Item assignment on NumPy arrays (a host buffer, a copy made with `np.array`) before handing them to JAX."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp
import numpy as np

buf = np.zeros((3, 2), dtype=np.float32)
for i in range(3):
    buf[i] = [i, i + 1]
x = jnp.asarray(buf)

host = np.array(jax.jit(jnp.cumsum)(x))
host[0] = -1.0
print(jnp.asarray(host).sum())

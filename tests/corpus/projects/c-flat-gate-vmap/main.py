# corpus: rule=tracer-bool-conversion-error label=positive styles=module,method,transform batch=c
"""A gate from layers.py is applied per example with vmap."""

import jax
import jax.numpy as jnp
from layers import SparseGate

gate = SparseGate(threshold=1.0)
batch = jnp.array([[0.1, 0.2], [1.0, 2.0]])
print(jax.vmap(gate)(batch))

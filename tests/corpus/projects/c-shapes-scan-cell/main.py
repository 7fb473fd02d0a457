"""The scan starts the float32 cell from a bfloat16 hidden state (mixed precision)."""
# corpus: rule=scan-carry-type-mismatch label=positive styles=module,attribute

import jax.numpy as jnp
from cells import GRUCell
from jax import lax

cell = GRUCell(inputs=8, hidden=16)
h0 = jnp.zeros(16, dtype=jnp.bfloat16)
xs = jnp.ones((20, 8))
final, states = lax.scan(cell, h0, xs)  # expect: scan-carry-type-mismatch

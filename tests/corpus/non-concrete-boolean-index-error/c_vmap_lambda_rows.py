# corpus: label=positive styles=transform,return batch=c
"""Per-row sums of the entries above a threshold, vmapped over rows with a lambda."""

import jax
import jax.numpy as jnp

THRESHOLD = 0.5
rows = jnp.array([[0.1, 0.7, 0.9], [0.6, 0.2, 0.4]])
per_row = jax.vmap(lambda r: r[r > THRESHOLD].sum())  # expect: non-concrete-boolean-index-error
row_sums = per_row(rows)
print(row_sums)

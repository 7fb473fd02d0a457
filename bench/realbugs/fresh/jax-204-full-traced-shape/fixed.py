# realbug: jax-204-full-traced-shape (fixed)
# source: https://github.com/jax-ml/jax/issues/204
import numpy as onp
from jax import jit, lax
import jax.numpy as np


def dynamic_update_slice_test(first_row, pad_to_length):
    width = first_row.shape[0]
    empty_array = lax.full((pad_to_length, width), 0, first_row.dtype)
    first_row_reshaped = np.reshape(first_row, (1, width))
    return lax.dynamic_update_slice(empty_array, first_row_reshaped, (0, 0))


dynamic_update_slice_test_jit = jit(dynamic_update_slice_test, static_argnums=1)
print(dynamic_update_slice_test_jit(onp.array([1, 2]), 4))

# realbug: jax-204-full-traced-shape
# source: https://github.com/jax-ml/jax/issues/204
# kind: traced-size-argument
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import numpy as onp
from jax import jit, lax
import jax.numpy as np


def dynamic_update_slice_test(first_row, pad_to_length):
    width = first_row.shape[0]
    empty_array = lax.full((pad_to_length, width), 0, first_row.dtype)  # BUG
    first_row_reshaped = np.reshape(first_row, (1, width))
    return lax.dynamic_update_slice(empty_array, first_row_reshaped, (0, 0))


dynamic_update_slice_test_jit = jit(dynamic_update_slice_test)
print(dynamic_update_slice_test_jit(onp.array([1, 2]), 4))

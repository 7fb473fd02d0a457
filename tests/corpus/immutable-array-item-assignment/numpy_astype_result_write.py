"""`np.argmax(...).astype(...)` of a NumPy array is a NumPy array, so writing into it is fine."""
# corpus: label=negative styles=direct
# realcode: cause E

import numpy as np

x = np.arange(4)
out = np.argmax(x[:, None] > 1, axis=-1).astype(x.dtype)
out[x == 0] = 7

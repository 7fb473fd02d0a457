# realbug: jax-1681-while-astype (fixed)
# source: https://github.com/jax-ml/jax/issues/1681
from jax import lax, numpy as np

print(lax.while_loop(lambda u: u > 5, lambda u: u.astype(np.float32), np.float32(1.0)))

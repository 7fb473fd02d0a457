# realbug: jax-1681-while-loop-astype (fixed)
# source: https://github.com/jax-ml/jax/issues/1681
from jax import lax, numpy as np

print(lax.while_loop(lambda u: u > 5, lambda u: u.astype(np.float16), np.float16(1.0)))

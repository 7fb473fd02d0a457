# realbug: jax-1681-while-loop-astype
# source: https://github.com/jax-ml/jax/issues/1681
# kind: loop-carry-type
# raises: TypeError: while_loop body function carry input and carry output must have equal types
from jax import lax, numpy as np

print(lax.while_loop(lambda u: u > 5, lambda u: u.astype(np.float16), np.float32(1.0)))  # BUG

# realbug: jax-1681-while-astype
# source: https://github.com/jax-ml/jax/issues/1681
# kind: loop-carry
# raises: TypeError: .*(body_fun output and input must have identical types|carry)
from jax import lax, numpy as np

print(lax.while_loop(lambda u: u > 5, lambda u: u.astype(np.float16), np.float32(1.0)))  # BUG

# realbug: jax-5228-jit-string-array (fixed)
# source: https://github.com/jax-ml/jax/issues/5228
from jax import jit
import numpy as np

print(jit(lambda x: len(x), static_argnums=0)(("hi",)))

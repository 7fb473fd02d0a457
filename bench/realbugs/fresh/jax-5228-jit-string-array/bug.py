# realbug: jax-5228-jit-string-array
# source: https://github.com/jax-ml/jax/issues/5228
# kind: jit-argument-type
# raises: TypeError: Error interpreting argument to .* as an abstract array
from jax import jit
import numpy as np

print(jit(lambda x: x)(np.array(["hi"])))  # BUG

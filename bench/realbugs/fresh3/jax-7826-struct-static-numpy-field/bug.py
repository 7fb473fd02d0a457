# realbug: jax-7826-struct-static-numpy-field
# source: https://github.com/jax-ml/jax/issues/7826
# kind: static-unhashable
# raises: ValueError: Exception raised while checking equality of metadata fields
import numpy as np
from flax.struct import dataclass, field
from jax import jit


@dataclass
class Model:
    c: np.ndarray = field(pytree_node=False)  # BUG


@jit
def f(model):
    return 1.0


m = Model(np.ones(10))
n = Model(np.ones(10))

f(m)
f(n)  # BUG

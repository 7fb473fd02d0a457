# realbug: jax-7826-struct-static-numpy-field (fixed)
# source: https://github.com/jax-ml/jax/issues/7826
import numpy as np
from flax.struct import dataclass, field
from jax import jit


@dataclass
class Model:
    c: tuple = field(pytree_node=False)


@jit
def f(model):
    return 1.0


m = Model(tuple(np.ones(10).tolist()))
n = Model(tuple(np.ones(10).tolist()))

f(m)
f(n)

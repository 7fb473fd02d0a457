# realbug: jax-10400-experimental-loops-scope
# source: https://github.com/jax-ml/jax/issues/10400
# kind: removed-name
# raises: ImportError: cannot import name 'loops' from 'jax.experimental'
# The report's nested `loops.Scope()` ranges (the inner range starting at the outer index).
# The report's error (a ConcretizationTypeError from `s.range(i, n)`) belongs to JAX 0.3;
# `jax.experimental.loops` has since been removed, so on jax 0.12 the program fails at its
# import, the label checked here.
import jax.numpy as np
from jax.experimental import loops  # BUG

x = np.ones((10, 3))

with loops.Scope() as s:

    s.arr = np.zeros(shape = (10, 10), dtype = np.float32)

    for i in s.range(x.shape[0]):

        for j in s.range(i, x.shape[0]):
            s.arr = s.arr.at[i, j].set(1.0)

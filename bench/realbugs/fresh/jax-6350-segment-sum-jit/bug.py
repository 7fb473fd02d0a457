# realbug: jax-6350-segment-sum-jit
# source: https://github.com/jax-ml/jax/issues/6350
# kind: traced-size-argument
# raises: ConcretizationTypeError: .*
import jax
import numpy as np

c = np.array([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
b = np.array([0, 0, 1])
print(jax.ops.segment_sum(c, b))
jit_fn = jax.jit(jax.ops.segment_sum)
print(jit_fn(c, b))  # BUG

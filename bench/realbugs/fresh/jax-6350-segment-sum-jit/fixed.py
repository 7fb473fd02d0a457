# realbug: jax-6350-segment-sum-jit (fixed)
# source: https://github.com/jax-ml/jax/issues/6350
import jax
import numpy as np

c = np.array([[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
b = np.array([0, 0, 1])
print(jax.ops.segment_sum(c, b))
jit_fn = jax.jit(jax.ops.segment_sum, static_argnames="num_segments")
print(jit_fn(c, b, num_segments=2))

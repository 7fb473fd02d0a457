# realbug: brainpy-607-dynamic-slice-traced-size
# source: https://github.com/brainpy/BrainPy/issues/607
# kind: traced-shape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax
import jax.numpy as jnp


@jax.jit
def loss(out, gt):
    batch_size = out.shape[1]
    total = 0.0
    for i in range(batch_size):
        idx = jax.lax.dynamic_index_in_dim(gt, i)
        l1 = jax.lax.dynamic_slice(out, (0, i), (idx, 1))  # BUG
        total = total + l1.sum()
    return total


out = jnp.ones((10, 3))
gt = jnp.array([4, 6, 8])
print(loss(out, gt))

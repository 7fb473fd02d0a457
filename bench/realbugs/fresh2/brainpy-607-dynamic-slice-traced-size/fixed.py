# realbug: brainpy-607-dynamic-slice-traced-size (fixed)
# source: https://github.com/brainpy/BrainPy/issues/607
import jax
import jax.numpy as jnp


@jax.jit
def loss(out, gt):
    batch_size = out.shape[1]
    total = 0.0
    steps = jnp.arange(out.shape[0])
    for i in range(batch_size):
        idx = jax.lax.dynamic_index_in_dim(gt, i, keepdims=False)
        total = total + jnp.where(steps < idx, out[:, i], 0.0).sum()
    return total


out = jnp.ones((10, 3))
gt = jnp.array([4, 6, 8])
print(loss(out, gt))

# realbug: flowjax-132-array-split-indices (fixed)
# source: https://github.com/danielward27/flowjax/issues/132
import jax
import jax.numpy as jnp


def transform(x, split_idxs):
    x_parts = jnp.array_split(x, split_idxs)
    return jnp.concatenate([part * 2.0 for part in x_parts])


split_idxs = (1,)
print(jax.jit(jax.vmap(lambda x: transform(x, split_idxs)))(jnp.ones((1, 2))))

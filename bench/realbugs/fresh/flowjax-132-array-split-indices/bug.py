# realbug: flowjax-132-array-split-indices
# source: https://github.com/danielward27/flowjax/issues/132
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp


def transform(x, split_idxs):
    x_parts = jnp.array_split(x, split_idxs)  # BUG
    return jnp.concatenate([part * 2.0 for part in x_parts])


split_idxs = jnp.array([1])
print(jax.jit(jax.vmap(transform, in_axes=(0, None)))(jnp.ones((1, 2)), split_idxs))

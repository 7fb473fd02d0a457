"""The fixes: `x = x.at[0].set(1)` in the jitted function and `.at[].add` for the histogram."""
# corpus: label=negative styles=parameter,return

import jax
import jax.numpy as jnp


@jax.jit
def reset_first(x):
    x = x.at[0].set(1)
    return x


def histogram(labels, num_classes):
    counts = jnp.zeros(num_classes, dtype=jnp.int32)
    return counts.at[jnp.asarray(labels)].add(1)


reset_first(jnp.arange(4))
histogram([0, 2, 2, 1], 3)

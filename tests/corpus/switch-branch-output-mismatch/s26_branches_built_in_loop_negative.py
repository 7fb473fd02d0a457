"""The appended sixth branch keeps the input's shape."""
# corpus: label=negative styles=helper,return batch=s26

import jax
import jax.numpy as jnp
from jax import lax


def make_branches(n):
    branches = []
    for k in range(n):
        branches.append(lambda x, k=k: x * k)
    branches.append(lambda x: x - jnp.mean(x))
    return branches


@jax.jit
def apply(index, x):
    return lax.switch(index, make_branches(5), x)


print(apply(2, jnp.ones(3)))

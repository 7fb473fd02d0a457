"""Five scaling branches are built as closures in a loop over `range(5)`, and a sixth, a reduction, is appended; `lax.switch` picks one by index."""
# corpus: label=positive styles=helper,return batch=s26

import jax
import jax.numpy as jnp
from jax import lax


def make_branches(n):
    branches = []
    for k in range(n):
        branches.append(lambda x, k=k: x * k)
    branches.append(lambda x: jnp.sum(x))
    return branches


@jax.jit
def apply(index, x):
    return lax.switch(index, make_branches(5), x)  # expect: switch-branch-output-mismatch


print(apply(2, jnp.ones(3)))

"""A cond whose branches, two helpers, shrink and grow the operand."""

# corpus: label=positive styles=helper
import jax
import jax.numpy as jnp


def shrink(x):
    return x[:2]


def grow(x):
    return jnp.concatenate([x, x])


def choose(flag, x):
    return jax.lax.cond(flag, shrink, grow, x)  # expect: cond-branch-output-mismatch


choose(True, jnp.ones(4))

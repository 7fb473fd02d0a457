"""A discounted-return helper counts the time axis as 1, as for a batch of trajectories, but
it is given one 1-D reward trajectory."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def returns(rewards, time_axis=1):
    backwards = jnp.flip(rewards, time_axis)  # expect: axis-out-of-bounds
    return jnp.flip(jnp.cumsum(backwards, axis=time_axis), time_axis)


returns(jnp.ones(100))

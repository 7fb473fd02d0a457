# realbug: equinox-1007-linear-batched-input
# source: https://github.com/patrick-kidger/equinox/issues/1007
# kind: library-contract
# raises: TypeError: dot_general requires contracting dimensions to have the same shape, got \(3,\) and \(5,\)
# An `eqx.nn.Linear(..., "scalar")` called on a whole batch: equinox layers act on one example
# (the reporter's resolution: vmap over the batch). The sizes are filled in.
import equinox as eqx
import jax
import jax.numpy as jnp

linear = eqx.nn.Linear(3, "scalar", key=jax.random.PRNGKey(0))
x = jnp.ones((5, 3))
y = linear(x)  # BUG

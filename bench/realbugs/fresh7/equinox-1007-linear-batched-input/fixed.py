# realbug: equinox-1007-linear-batched-input (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/1007
import equinox as eqx
import jax
import jax.numpy as jnp

linear = eqx.nn.Linear(3, "scalar", key=jax.random.PRNGKey(0))
x = jnp.ones((5, 3))
y = jax.vmap(linear)(x)

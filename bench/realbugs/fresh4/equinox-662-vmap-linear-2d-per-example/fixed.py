# realbug: equinox-662-vmap-linear-2d-per-example (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/662
import jax
import jax.numpy as jnp
import equinox as eqx

key = jax.random.PRNGKey(0)

# (B, C, H*W)
inputs = jnp.ones((3, 16, 64))
linear_layer = jax.vmap(jax.vmap(eqx.nn.Linear(
    64, 16, use_bias=True, key=key
)))

outputs = linear_layer(inputs)
print(outputs.shape)

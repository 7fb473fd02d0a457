# realbug: equinox-662-vmap-linear-2d-per-example
# source: https://github.com/patrick-kidger/equinox/issues/662
# kind: broadcast
# raises: ValueError: Incompatible shapes for broadcasting
import jax
import jax.numpy as jnp
import equinox as eqx

key = jax.random.PRNGKey(0)

# (B, C, H*W)
inputs = jnp.ones((3, 16, 64))
linear_layer = jax.vmap(eqx.nn.Linear(  # BUG
    16, 16, use_bias=True, key=key
))

outputs = linear_layer(inputs)  # BUG
print(outputs.shape)

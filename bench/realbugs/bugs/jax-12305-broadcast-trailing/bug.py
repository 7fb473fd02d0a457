# realbug: jax-12305-broadcast-trailing
# source: https://github.com/jax-ml/jax/issues/12305
# kind: broadcast
# raises: (TypeError|ValueError): .*[Ii]ncompatible shapes for broadcasting
import jax.numpy as jnp

x, y = jnp.ones((2, 4)), jnp.ones((2,))
print(x + y)  # BUG

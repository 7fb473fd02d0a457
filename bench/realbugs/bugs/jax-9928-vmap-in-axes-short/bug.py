# realbug: jax-9928-vmap-in-axes-short
# source: https://github.com/jax-ml/jax/issues/9928
# kind: in-axes-structure
# raises: ValueError: vmap in_axes
import jax
import jax.numpy as jnp


def _fn(arg1, arg2, param):
    return arg1 * param + arg2


fn = jax.vmap(_fn, (0, 0))  # BUG
arg1, arg2, param = jnp.ones((4, 3)), jnp.zeros((4, 3)), 2.0
out = fn(arg1, arg2, param)  # BUG
print(out.shape)

# realbug: jax-9928-vmap-in-axes-short (fixed)
# source: https://github.com/jax-ml/jax/issues/9928
import jax
import jax.numpy as jnp


def _fn(arg1, arg2, param):
    return arg1 * param + arg2


fn = jax.vmap(_fn, (0, 0, None))
arg1, arg2, param = jnp.ones((4, 3)), jnp.zeros((4, 3)), 2.0
out = fn(arg1, arg2, param)
print(out.shape)

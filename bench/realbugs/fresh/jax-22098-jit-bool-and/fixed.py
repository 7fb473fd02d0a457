# realbug: jax-22098-jit-bool-and (fixed)
# source: https://github.com/jax-ml/jax/pull/22098
import jax
import jax.numpy as jnp


@jax.jit
def f(qiaoqiao):
    return jnp.where(qiaoqiao, 1, 0)


print(f(True))

# realbug: jax-38603-compress-jit (fixed)
# source: https://github.com/jax-ml/jax/pull/38612
import jax
import jax.numpy as jnp


@jax.jit
def keep_positive(x):
    return jnp.compress(x > 0, x, size=x.shape[0], fill_value=0.0)


print(keep_positive(jnp.array([1.0, -2.0, 3.0])))

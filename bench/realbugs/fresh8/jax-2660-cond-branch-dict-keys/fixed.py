# realbug: jax-2660-cond-branch-dict-keys (fixed)
# source: https://github.com/jax-ml/jax/issues/2660
import jax
import jax.numpy as jnp

counter = jnp.array(5)
result = jax.lax.cond(
    counter >= 10,
    lambda x: x[0],
    lambda x: x[1],
    ((1., dict(a=3, b=4)), (0., dict(a=0, b=0))),
)

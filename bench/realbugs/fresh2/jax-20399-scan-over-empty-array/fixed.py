# realbug: jax-20399-scan-over-empty-array (fixed)
# source: https://github.com/jax-ml/jax/issues/20399
import jax
import jax.numpy as jnp


def foo(carry, j):
    c = carry.at[j].set(j)
    return c, None


myarray = jnp.array([])

if myarray.shape[0]:
    carry, _ = jax.lax.scan(foo, myarray, jnp.arange(myarray.shape[0]))
else:
    carry = myarray

print(carry)

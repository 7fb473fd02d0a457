# realbug: jax-20399-scan-over-empty-array
# source: https://github.com/jax-ml/jax/issues/20399
# kind: index-out-of-bounds
# raises: IndexError: index is out of bounds for axis 0 with size 0
import jax
import jax.numpy as jnp


def foo(carry, j):
    c = carry.at[j].set(j)  # BUG
    return c, None


myarray = jnp.array([])

carry, _ = jax.lax.scan(foo, myarray, jnp.arange(myarray.shape[0]))

print(carry)

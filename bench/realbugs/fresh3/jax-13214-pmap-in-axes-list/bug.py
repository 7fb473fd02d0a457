# realbug: jax-13214-pmap-in-axes-list
# source: https://github.com/jax-ml/jax/issues/13214
# kind: in-axes-type
# raises: ValueError: pytree structure error: different types
import jax
import jax.numpy as jnp


def foo(a, b, c, d):
    return b


in_axis_specification = [None, 0, None, 0]

pmap_test = jax.pmap(foo, in_axes=in_axis_specification)  # BUG

d = jnp.zeros((2, 100000))
c = jnp.asarray([4, 5])
b = jnp.asarray([4, 5])
a = jnp.asarray([4, 5])

print(pmap_test(a, b, c, d))  # BUG

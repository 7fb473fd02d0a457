# realbug: jax-7465-vmap-in-axes-named-arguments (fixed)
# source: https://github.com/jax-ml/jax/issues/7465
import jax
import jax.numpy as jnp


def f(a, b, c):
    return (2*a, 3*b + c)


print(jax.vmap(f, in_axes=(0, 0, None), out_axes=0)(jnp.array([1, 2]), jnp.array([2, 4]), 0.5))  # works

print(jax.vmap(lambda a, b, c: f(a=a, b=b, c=c), in_axes=(0, 0, None), out_axes=0)(jnp.array([1, 2]), jnp.array([2, 4]), 0.5))

# realbug: jax-7465-vmap-in-axes-named-arguments
# source: https://github.com/jax-ml/jax/issues/7465
# kind: in-axes-keyword
# raises: ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got len\(in_axes\)=3, len\(args\)=0
# The report's example: the same vmapped call, first with positional arguments (it works),
# then with keyword arguments, which in_axes does not cover (0.12 raises a ValueError where
# the report's JAX raised an AssertionError).
import jax
import jax.numpy as jnp


def f(a, b, c):
    return (2*a, 3*b + c)


print(jax.vmap(f, in_axes=(0, 0, None), out_axes=0)(jnp.array([1, 2]), jnp.array([2, 4]), 0.5))  # works

print(jax.vmap(f, in_axes=(0, 0, None), out_axes=0)(a=jnp.array([1, 2]), b=jnp.array([2, 4]), c=0.5))  # BUG

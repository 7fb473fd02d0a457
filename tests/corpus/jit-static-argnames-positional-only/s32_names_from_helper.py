# corpus: label=positive styles=helper batch=s32
import jax
import jax.numpy as jnp


def static_names():
    return ("axis", "keepdims")


def reduce(x, axis, /, keepdims=False):
    return jnp.sum(x, axis=axis, keepdims=keepdims)


names = static_names()
fast_reduce = jax.jit(reduce, static_argnames=names)  # expect: jit-static-argnames-positional-only
print(fast_reduce(jnp.ones((2, 3)), 1))

# corpus: label=negative styles=helper batch=s32
import jax
import jax.numpy as jnp


def static_names():
    return ("keepdims",)


def reduce(x, axis, /, keepdims=False, **options):
    return jnp.sum(x, keepdims=keepdims)


fast_reduce = jax.jit(reduce, static_argnames=static_names())
print(fast_reduce(jnp.ones((2, 3)), 1, keepdims=True))

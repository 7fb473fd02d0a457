# corpus: label=positive styles=parameter batch=s32
import jax
import jax.numpy as jnp


def compiled(fn, static):
    return jax.jit(fn, static_argnames=static)  # expect: jit-static-argnames-positional-only


def stack_all(*arrays, axis=0):
    return jnp.stack(arrays, axis=axis)


stack = compiled(stack_all, ("arrays", "axis"))
print(stack(jnp.ones(2), jnp.zeros(2)))

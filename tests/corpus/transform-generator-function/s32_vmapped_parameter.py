# corpus: label=positive styles=parameter batch=s32
import jax
import jax.numpy as jnp


def per_example(fn, xs):
    return jax.vmap(fn)(xs)  # expect: transform-generator-function


def squares(x):
    yield x * x


print(per_example(squares, jnp.arange(3.0)))

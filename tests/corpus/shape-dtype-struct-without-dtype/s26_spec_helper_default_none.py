"""A helper builds abstract inputs for `jax.eval_shape`; its `dtype` parameter defaults to None and the caller leaves it out."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def abstract_input(shape, dtype=None):
    return jax.ShapeDtypeStruct(shape, dtype)  # expect: shape-dtype-struct-without-dtype


def model(x):
    return jnp.tanh(x @ jnp.ones((4, 2)))


print(jax.eval_shape(model, abstract_input((8, 4))))

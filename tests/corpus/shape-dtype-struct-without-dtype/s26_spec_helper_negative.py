"""The same helper with a float32 default dtype."""
# corpus: label=negative styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def abstract_input(shape, dtype=jnp.float32):
    return jax.ShapeDtypeStruct(shape, dtype)


def model(x):
    return jnp.tanh(x @ jnp.ones((4, 2)))


print(jax.eval_shape(model, abstract_input((8, 4))))

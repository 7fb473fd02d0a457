"""A helper promotes inputs with an accumulation dtype given as NumPy's code "f4"."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def accumulation_dtype(x, accumulate="f4"):
    return jnp.result_type(x, accumulate)


accumulation_dtype(jnp.ones(3, jnp.bfloat16))

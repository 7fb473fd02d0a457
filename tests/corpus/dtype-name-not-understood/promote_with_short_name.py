"""A helper promotes inputs with an accumulation dtype given as "f32"."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def accumulation_dtype(x, accumulate="f32"):
    return jnp.result_type(x, accumulate)  # expect: dtype-name-not-understood


accumulation_dtype(jnp.ones(3, jnp.bfloat16))

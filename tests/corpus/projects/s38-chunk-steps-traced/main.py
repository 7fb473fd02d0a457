"""Runs a chunk whose step count is passed at the call, as a traced argument."""
# corpus: rule=tracer-bool-conversion-error label=positive styles=module,transform,helper batch=s38

import jax.numpy as jnp
from chunks import compile_chunk

carry = jnp.ones(3)
print(
    compile_chunk(carry, history=jnp.sum, transition=jnp.cos, x64=False)(carry, steps=jnp.int32(2))
)

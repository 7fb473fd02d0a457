"""Compiles a chunk of two steps, observed and not, and runs it."""
# corpus: rule=tracer-bool-conversion-error label=negative styles=module,transform,helper batch=s38

import jax.numpy as jnp
from chunks import compile_chunk

carry = jnp.ones(3)
print(compile_chunk(carry, history=jnp.sum, transition=jnp.cos, steps=2, x64=False)(carry))
print(compile_chunk(carry, transition=jnp.cos, steps=2, x64=False)(carry))

# corpus: label=negative styles=direct batch=s32
import jax
import jax.numpy as jnp

flags = jnp.array([True, False, True])
x = jnp.arange(3.0)
print(jax.lax.cond(flags[1], lambda v: v + 1, lambda v: v - 1, x))

# corpus: label=negative styles=direct batch=s30
import jax
import jax.numpy as jnp

jax.pmap(jnp.sqrt)(jnp.full((jax.local_device_count(),), 3.0))

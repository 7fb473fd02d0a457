"""`partial(custom_jvp, nondiff_argnums=...)` spelled with a from-import; vmapped, never given a rule."""
# corpus: label=positive styles=transform,parameter

from functools import partial

from jax import custom_jvp, vmap
from jax import numpy as jnp


@partial(custom_jvp, nondiff_argnums=(1,))
def soft_threshold(x, lam):  # expect: custom-jvp-without-defjvp
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


rows = jnp.arange(12.0).reshape(3, 4) - 6.0
print(vmap(soft_threshold, in_axes=(0, None))(rows, 0.5))

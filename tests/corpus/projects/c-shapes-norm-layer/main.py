"""The norm layer is built for 512 features; the hidden states have 768."""
# corpus: rule=incompatible-shapes-for-broadcasting label=positive styles=module,attribute

import jax.numpy as jnp
from layers import RMSNorm

norm = RMSNorm(512)
hidden = jnp.ones((2, 16, 768))
print(norm(hidden).shape)

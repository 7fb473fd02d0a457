"""The encoder layer is built for the data's 10 features."""
# corpus: rule=dot-general-contracting-dims-mismatch label=negative styles=module,parameter

import jax
import jax.numpy as jnp
from model import dense, encoder

layer = encoder(jax.random.key(0))
data = jnp.ones((64, 10))
print(dense(layer, data).shape)

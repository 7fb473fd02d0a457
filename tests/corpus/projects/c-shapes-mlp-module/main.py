"""An encoder layer built for 12 input features applied to 10-feature data."""
# corpus: rule=dot-general-contracting-dims-mismatch label=positive styles=module,parameter

import jax
import jax.numpy as jnp
from model import dense, encoder

layer = encoder(jax.random.key(0))
data = jnp.ones((64, 10))
print(dense(layer, data).shape)

"""An encoder in a package normalises its output with a jnp helper imported relatively; a factory jits the encoder's __call__."""
# corpus: rule=tracer-array-conversion-error label=negative styles=module,attribute,method batch=s25

import jax.numpy as jnp
from pkg.model import make_embed_fn

embed = make_embed_fn(jnp.ones((4, 8)))
print(embed(jnp.ones((2, 4))).shape)

"""A layer class in a package (re-exported by its __init__) reshapes to a last axis its width does not divide."""

# corpus: rule=reshape-size-mismatch label=positive styles=module,method
import jax.numpy as jnp
from pkg import Block

block = Block(8)
block(jnp.ones((2, 8)))

# corpus: label=positive styles=helper,parameter
import jax.numpy as jnp


def split_heads(x, heads):
    batch, dim = x.shape
    return x.reshape(batch, heads, dim / heads)  # expect: traced-shape-argument


split_heads(jnp.ones((2, 8)), 4)

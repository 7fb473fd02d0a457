# corpus: label=negative styles=helper,parameter
import jax.numpy as jnp


def split_heads(x, heads):
    batch, dim = x.shape
    return x.reshape(batch, heads, dim // heads)


split_heads(jnp.ones((2, 8)), 4)

"""A multi-head layer's einsum treats the head axis as if the input were already split."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class MultiHead:
    def __init__(self, width, heads):
        self.heads = heads
        self.w_q = jnp.ones((width, width))

    def queries(self, x):
        q = x @ self.w_q
        return jnp.einsum("bhqd->bqhd", q)  # expect: einsum-subscripts-mismatch


print(MultiHead(32, 4).queries(jnp.ones((2, 10, 32))).shape)

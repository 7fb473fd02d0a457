# realbug: jax-17615-partial-body-keyword-first (fixed)
# source: https://github.com/jax-ml/jax/issues/17615
import functools

import jax
import jax.numpy as jnp


def mha_forward_kernel(q, k, block_k, num_blocks):
    def body(start_k, carry, masked):
        acc = carry
        kb = jax.lax.dynamic_slice_in_dim(k, start_k * block_k, block_k)
        scores = q @ kb.T
        if masked:
            scores = jnp.where(scores > 0, scores, 0.0)
        return acc + scores.sum()

    acc = jnp.zeros(())
    return jax.lax.fori_loop(0, num_blocks, functools.partial(body, masked=True), acc)


print(mha_forward_kernel(jnp.ones((4, 8)), jnp.ones((16, 8)), 4, 4))

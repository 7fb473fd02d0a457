# realbug: flash-attention-jax-7-fwd-output (fixed)
# source: https://github.com/lucidrains/flash-attention-jax/pull/8
import jax
import jax.numpy as jnp


def _attention(q, k, v):
    s = q @ k.T
    row_max = s.max(axis=-1, keepdims=True)
    p = jnp.exp(s - row_max)
    row_sum = p.sum(axis=-1, keepdims=True)
    return (p / row_sum) @ v, row_sum, row_max


@jax.custom_vjp
def flash_attention(q, k, v):
    return _attention(q, k, v)[0]


def flash_attention_forward(q, k, v):
    out, row_sum, row_max = _attention(q, k, v)
    return out, (q, k, v, out, row_sum, row_max)


def flash_attention_backward(res, do):
    q, k, v, out, row_sum, row_max = res
    return jnp.zeros_like(q), jnp.zeros_like(k), jnp.zeros_like(v)


flash_attention.defvjp(flash_attention_forward, flash_attention_backward)

q = jnp.ones((4, 8))
print(jax.grad(jax.jit(lambda q: flash_attention(q, q, q).sum()))(q).shape)

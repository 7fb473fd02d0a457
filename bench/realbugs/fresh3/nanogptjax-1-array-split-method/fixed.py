# realbug: nanogptjax-1-array-split-method (fixed)
# source: https://github.com/cgarciae/nanoGPT-jax/pull/1
import flax.linen as nn
import jax
import jax.numpy as jnp


class CausalSelfAttention(nn.Module):
    n_embd: int
    n_head: int

    @nn.compact
    def __call__(self, x):
        B, T, C = x.shape
        c_attn = nn.Dense(3 * self.n_embd)
        q, k, v = jnp.split(c_attn(x), 3, axis=2)
        q = q.reshape(B, T, self.n_head, C // self.n_head).swapaxes(1, 2)
        k = k.reshape(B, T, self.n_head, C // self.n_head).swapaxes(1, 2)
        att = (q @ k.swapaxes(-2, -1)) * (1.0 / jnp.sqrt(k.shape[-1]))
        return att


x = jnp.ones((2, 5, 8))
attn = CausalSelfAttention(n_embd=8, n_head=2)
params = attn.init(jax.random.PRNGKey(0), x)

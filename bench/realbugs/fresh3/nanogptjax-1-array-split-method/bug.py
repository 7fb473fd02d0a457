# realbug: nanogptjax-1-array-split-method
# source: https://github.com/cgarciae/nanoGPT-jax/pull/1
# kind: missing-attribute
# raises: AttributeError: .*has no attribute 'split'
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
        q, k, v = c_attn(x).split(self.n_embd, axis=2)  # BUG
        q = q.reshape(B, T, self.n_head, C // self.n_head).swapaxes(1, 2)
        k = k.reshape(B, T, self.n_head, C // self.n_head).swapaxes(1, 2)
        att = (q @ k.swapaxes(-2, -1)) * (1.0 / jnp.sqrt(k.shape[-1]))
        return att


x = jnp.ones((2, 5, 8))
attn = CausalSelfAttention(n_embd=8, n_head=2)
params = attn.init(jax.random.PRNGKey(0), x)

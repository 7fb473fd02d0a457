# realbug: equinox-454-linear-torch-style-3d
# source: https://github.com/patrick-kidger/equinox/issues/454
# kind: matmul
# raises: TypeError: dot_general requires contracting dimensions to have the same shape
# Translating LLaMA's attention projection from PyTorch: `eqx.nn.Linear` (which takes one
# vector) applied to a (batch, seq, dim) input as `torch.nn.Linear` would be; sizes scaled
# down (dim 4096 -> 64, 32 heads -> 4).
import jax
import jax.numpy as jnp
import equinox as eqx

dim, n_heads = 64, 4
head_dim = dim // n_heads
key = jax.random.PRNGKey(0)
lin = eqx.nn.Linear(dim, n_heads * head_dim, use_bias=False, key=key)

x = jax.random.uniform(key, (1, 8, dim))
print(lin(x).shape)  # BUG

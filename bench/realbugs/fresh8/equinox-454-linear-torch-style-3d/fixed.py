# realbug: equinox-454-linear-torch-style-3d (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/454
import jax
import jax.numpy as jnp
import equinox as eqx

dim, n_heads = 64, 4
head_dim = dim // n_heads
key = jax.random.PRNGKey(0)
lin = eqx.nn.Linear(dim, n_heads * head_dim, use_bias=False, key=key)

x = jax.random.uniform(key, (1, 8, dim))
print(jax.vmap(jax.vmap(lin))(x).shape)

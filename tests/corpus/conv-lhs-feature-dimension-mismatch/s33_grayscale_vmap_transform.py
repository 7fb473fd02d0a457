# corpus: label=positive styles=transform batch=s33
import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
encoder = eqx.nn.Conv2d(in_channels=3, out_channels=8, kernel_size=3, key=key)
digits = jnp.ones((16, 1, 28, 28))
codes = jax.vmap(encoder)(digits)  # expect: conv-lhs-feature-dimension-mismatch

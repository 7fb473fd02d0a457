# corpus: label=negative styles=transform batch=s33
import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
depthwise = eqx.nn.Conv2d(in_channels=4, out_channels=8, kernel_size=3, groups=2, key=key)
maps = jax.vmap(depthwise)(jnp.ones((16, 4, 12, 12)))

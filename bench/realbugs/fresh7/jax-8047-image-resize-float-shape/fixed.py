# realbug: jax-8047-image-resize-float-shape (fixed)
# source: https://github.com/jax-ml/jax/pull/8047
import jax
import jax.numpy as jnp

x = jnp.ones((4, 4))
y = jax.image.resize(x, (int(x.shape[0] * 1.5), int(x.shape[1] * 1.5)), method="linear")

# realbug: jax-8047-image-resize-float-shape
# source: https://github.com/jax-ml/jax/pull/8047
# kind: tracer-shape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type, got \(6.0, 6.0\)
# The pull request notes users passing floating point sizes to `jax.image.resize`; the image and
# the scale factor are filled in.
import jax
import jax.numpy as jnp

x = jnp.ones((4, 4))
y = jax.image.resize(x, (x.shape[0] * 1.5, x.shape[1] * 1.5), method="linear")  # BUG

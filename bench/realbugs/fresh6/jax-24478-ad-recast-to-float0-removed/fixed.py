# realbug: jax-24478-ad-recast-to-float0-removed (fixed)
# source: https://github.com/jax-ml/jax/issues/24478
import jax.numpy as jnp
import jax

x = jnp.arange(3)
ct = jnp.zeros(x.shape, jax.dtypes.float0)

# realbug: jax-3840-lax-neg-int-overflow (fixed)
# source: https://github.com/jax-ml/jax/issues/3840
from jax import lax

lax.neg(1 << 20)

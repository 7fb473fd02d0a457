# realbug: jax-1534-scan-carry-none-becomes-int (fixed)
# source: https://github.com/jax-ml/jax/issues/1534
import jax.numpy as jp
from jax import lax

print(lax.scan(lambda c, x: (None, (x, 2 * x)), None, jp.arange(5)))

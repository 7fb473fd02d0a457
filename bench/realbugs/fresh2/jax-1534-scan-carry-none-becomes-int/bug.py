# realbug: jax-1534-scan-carry-none-becomes-int
# source: https://github.com/jax-ml/jax/issues/1534
# kind: scan-carry
# raises: TypeError: scan body function carry input and carry output must have the same pytree structure
import jax.numpy as jp
from jax import lax

print(lax.scan(lambda c, x: (0, (x, 2 * x)), None, jp.arange(5)))  # BUG

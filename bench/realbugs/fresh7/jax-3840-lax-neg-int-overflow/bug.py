# realbug: jax-3840-lax-neg-int-overflow
# source: https://github.com/jax-ml/jax/issues/3840
# kind: dtype
# raises: OverflowError: Python int 18446744073709551616 too large to convert to int32
# The report's second example: a lax function given a Python int too large for any JAX integer
# type (0.12 raises for 1 << 32 in 32-bit mode too; the report's first line no longer wraps).
from jax import lax

lax.neg(1 << 64)  # BUG

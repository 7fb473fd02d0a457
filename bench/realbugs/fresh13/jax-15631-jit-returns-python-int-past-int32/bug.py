# realbug: jax-15631-jit-returns-python-int-past-int32
# source: https://github.com/jax-ml/jax/issues/15631
# kind: int-overflow
# raises: OverflowError: Python int 18446744073709551616 too large to convert to int32
# A jitted function returns a Python int constant alongside its argument; with 32-bit
# integers the int (2**64) cannot become an output array.
import jax

f = jax.jit(lambda x: (x, 2**64))  # BUG
print(f(7))  # BUG

# realbug: jax-15631-jit-returns-python-int-past-int32 (fixed)
# source: https://github.com/jax-ml/jax/issues/15631
import jax

f = jax.jit(lambda x: (x, float(2**64)))
print(f(7))

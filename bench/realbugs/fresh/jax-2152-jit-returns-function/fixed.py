# realbug: jax-2152-jit-returns-function (fixed)
# source: https://github.com/jax-ml/jax/issues/2152
import jax

print(jax.jit(lambda x: x)(1.0))

# realbug: jax-2152-jit-returns-function
# source: https://github.com/jax-ml/jax/issues/2152
# kind: jit-output-type
# raises: TypeError: .*not a valid JAX type
import jax

print(jax.jit(lambda: lambda x: x)())  # BUG

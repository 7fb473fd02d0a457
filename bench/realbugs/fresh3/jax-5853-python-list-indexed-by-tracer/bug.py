# realbug: jax-5853-python-list-indexed-by-tracer
# source: https://github.com/jax-ml/jax/pull/5853
# kind: tracer-index
# raises: TracerIntegerConversionError: The __index__\(\) method was called
import jax

print(jax.jit(lambda i: [1, 2, 3][i])(0))  # BUG

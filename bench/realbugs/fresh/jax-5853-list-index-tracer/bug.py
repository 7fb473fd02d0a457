# realbug: jax-5853-list-index-tracer
# source: https://github.com/jax-ml/jax/pull/5853
# kind: traced-index
# raises: (TracerIntegerConversionError|TypeError): .*
import jax

print(jax.jit(lambda i: [1, 2, 3][i])(0))  # BUG

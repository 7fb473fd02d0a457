# realbug: jax-5073-multigammaln-jit
# source: https://github.com/jax-ml/jax/issues/5073
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
from jax.scipy.special import multigammaln
from jax import jit

print(jit(multigammaln)(1.0, 2))  # BUG

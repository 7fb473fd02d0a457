# realbug: jax-5073-multigammaln-jit (fixed)
# source: https://github.com/jax-ml/jax/issues/5073
from jax.scipy.special import multigammaln
from jax import jit

print(jit(multigammaln, static_argnums=1)(1.0, 2))

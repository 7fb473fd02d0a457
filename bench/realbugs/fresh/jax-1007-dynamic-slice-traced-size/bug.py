# realbug: jax-1007-dynamic-slice-traced-size
# source: https://github.com/jax-ml/jax/issues/1007
# kind: traced-size-argument
# raises: (TypeError|ConcretizationTypeError): .*
import jax
import jax.numpy as np


@jax.jit
def sum_first_k(a, k):
    return np.sum(jax.lax.dynamic_slice(a, (0,), (k,)))  # BUG


print(sum_first_k(np.arange(3.0), 2))

# realbug: jax-1575-argnums-traced
# source: https://github.com/jax-ml/jax/issues/1575
# kind: argnums-range
# raises: (TypeError|ConcretizationTypeError|TracerIntegerConversionError)
import jax
import jax.numpy as np


def f(x, y):
    return 2 * x + 3 * y


inp = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
grad_indices = np.array([0, 0, 1, 0, 1])


def partialf(i):
    idx = grad_indices[i]
    return jax.grad(f, argnums=idx)(inp[i], inp[i])  # BUG


print(jax.lax.map(partialf, np.arange(5)))

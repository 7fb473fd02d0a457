# realbug: jax-1575-argnums-traced (fixed)
# source: https://github.com/jax-ml/jax/issues/1575
import jax
import jax.numpy as np


def f(x, y):
    return 2 * x + 3 * y


inp = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
grad_indices = np.array([0, 0, 1, 0, 1])


def partialf(i):
    gx, gy = jax.grad(f, argnums=(0, 1))(inp[i], inp[i])
    return np.where(grad_indices[i] == 0, gx, gy)


print(jax.lax.map(partialf, np.arange(5)))

# realbug: 51cto-grad-argnums-integer-list
# source: https://blog.51cto.com/u_15642578/9365750
# kind: grad-integer-input
# raises: TypeError: grad requires real- or complex-valued inputs
import jax


def fun(x, y):
    return jax.numpy.sum(2 * x[0] + y[0] + 2 * x[1] + y[1])


fun_grad = jax.grad(fun, argnums=(0, 1))

x = [
    jax.numpy.arange(0, 5).astype(jax.numpy.float32),
    jax.numpy.arange(1, 6).astype(jax.numpy.float32),
]
y = [jax.numpy.arange(1, 6), jax.numpy.arange(2, 7)]

print(fun_grad(x, y))  # BUG

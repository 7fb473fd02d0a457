# realbug: jax-2956-fori-loop-traced-bounds-grad (fixed)
# source: https://github.com/jax-ml/jax/issues/2956
import jax


def loss(x, n):
  return jax.lax.fori_loop(0, n, lambda i, v: v * 0.9 + x, 0.0)


print(jax.grad(jax.jit(loss, static_argnums=1))(1.0, 5))

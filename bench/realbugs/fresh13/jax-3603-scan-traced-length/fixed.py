# realbug: jax-3603-scan-traced-length (fixed)
# source: https://github.com/jax-ml/jax/issues/3603
import jax


def do_stuff(length):
  def f(carry, x):
    return carry, [None]

  jax.lax.scan(f, [1], xs=None, length=length)


jax.jit(do_stuff, static_argnums=0)(10)

# realbug: jax-2956-fori-loop-traced-bounds-grad
# source: https://github.com/jax-ml/jax/issues/2956
# kind: reverse-mode-while
# raises: ValueError: Reverse-mode differentiation does not work for lax.while_loop
# The report differentiates a `fori_loop` whose bounds the user believed constant but that
# arrive as arguments of a jitted function, so the loop lowers to a while_loop. The report
# has no program; this is its description rebuilt.
import jax


def loss(x, n):
  return jax.lax.fori_loop(0, n, lambda i, v: v * 0.9 + x, 0.0)  # BUG


print(jax.grad(jax.jit(loss))(1.0, 5))  # BUG

# realbug: jax-15115-jit-method-self-argument
# source: https://github.com/jax-ml/jax/issues/15115
# kind: jit-non-array-argument
# raises: TypeError: Error interpreting argument to .* as an abstract array
# `@jit` on a method of the user's optimizer class: `self` is traced as an array argument.
# The report's Colab is not available; the class is reduced to the shape the answer describes.
import jax
import jax.numpy as jnp


class opt:
  def __init__(self, lr):
    self.lr = lr

  @jax.jit
  def opt(self, gradient, parameter):
    return parameter - self.lr * gradient


o = opt(0.1)
print(o.opt(jnp.ones(3), jnp.zeros(3)))  # BUG

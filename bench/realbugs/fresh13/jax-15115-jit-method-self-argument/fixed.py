# realbug: jax-15115-jit-method-self-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/15115
import functools

import jax
import jax.numpy as jnp


class opt:
  def __init__(self, lr):
    self.lr = lr

  def __hash__(self):
    return hash(self.lr)

  def __eq__(self, other):
    return isinstance(other, opt) and other.lr == self.lr

  @functools.partial(jax.jit, static_argnums=(0,))
  def opt(self, gradient, parameter):
    return parameter - self.lr * gradient


o = opt(0.1)
print(o.opt(jnp.ones(3), jnp.zeros(3)))

# realbug: flax-1907-custom-vjp-module-passed-as-field (fixed)
# source: https://github.com/google/flax/issues/1907
import flax.linen as nn
import jax
import jax.numpy as jnp


class Inner(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(2)(x)


class Outer(nn.Module):
  def setup(self):
    self.inner = Inner()

  def __call__(self, x):
    def f(mdl, x):
      return mdl.inner(x)

    def fwd(mdl, x):
      return nn.vjp(f, mdl, x)

    def bwd(vjp_fn, y_t):
      params_t, x_t = vjp_fn(y_t)
      return params_t, x_t

    sg = nn.custom_vjp(f, forward_fn=fwd, backward_fn=bwd)
    return sg(self, x)


model = Outer()
x = jnp.ones((1, 3))
variables = model.init(jax.random.key(0), x)
print(jax.grad(lambda v: model.apply(v, x).sum())(variables))

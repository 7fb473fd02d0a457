# realbug: flax-1907-custom-vjp-module-passed-as-field
# source: https://github.com/google/flax/issues/1907
# kind: library-contract
# raises: NotImplementedError: This transform does not yet support Modules that include other Modules passed as arguments
# A lifted `nn.custom_vjp` over a module whose submodule was passed in as a field;
# Flax's lifted transforms refuse modules that hold modules given as arguments. The
# model is reduced to one Dense behind the custom VJP.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Inner(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(2)(x)


class Outer(nn.Module):
  inner: nn.Module

  @nn.compact
  def __call__(self, x):
    def f(mdl, x):
      return mdl.inner(x)

    def fwd(mdl, x):
      return nn.vjp(f, mdl, x)

    def bwd(vjp_fn, y_t):
      params_t, x_t = vjp_fn(y_t)
      return params_t, x_t

    sg = nn.custom_vjp(f, forward_fn=fwd, backward_fn=bwd)
    return sg(self, x)  # BUG


model = Outer(inner=Inner())
x = jnp.ones((1, 3))
variables = model.init(jax.random.key(0), x)
print(jax.grad(lambda v: model.apply(v, x).sum())(variables))

# realbug: flax-4695-jax-jit-closure-mutates-nnx-optimizer (fixed)
# source: https://github.com/google/flax/issues/4695
import jax.numpy as jnp
import optax
from flax import nnx


class Algorithm:
  def __init__(self):
    self.model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    self.optimizer = nnx.Optimizer(self.model, optax.adamw(1e-3), wrt=nnx.Param)

    @nnx.jit
    def update(model, optimizer, x):
      def loss_fn(model):
        return jnp.mean(model(x) ** 2)

      grad = nnx.grad(loss_fn)(model)
      optimizer.update(model, grad)

    self._update = update

  def update(self, x):
    self._update(self.model, self.optimizer, x)


algorithm = Algorithm()
algorithm.update(jnp.ones((4, 2)))
print(nnx.state(algorithm.model))

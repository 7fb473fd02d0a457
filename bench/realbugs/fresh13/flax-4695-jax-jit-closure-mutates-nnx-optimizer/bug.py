# realbug: flax-4695-jax-jit-closure-mutates-nnx-optimizer
# source: https://github.com/google/flax/issues/4695
# kind: nnx-trace-level
# raises: ValueError: Cannot extract graph node from different trace level
# A `jax.jit`-decorated update closes over the model and the nnx.Optimizer held on `self`
# and updates them in place (the report's tracer leak; newer Flax refuses it).
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Algorithm:
  def __init__(self):
    self.model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    self.optimizer = nnx.Optimizer(self.model, optax.adamw(1e-3), wrt=nnx.Param)

    @jax.jit
    def update(x):
      def loss_fn(model):
        return jnp.mean(model(x) ** 2)

      grad = nnx.grad(loss_fn)(self.model)  # BUG
      self.optimizer.update(self.model, grad)

    self.update = update


algorithm = Algorithm()
algorithm.update(jnp.ones((4, 2)))
print(nnx.state(algorithm.model))

# realbug: optax-1148-multi-transform-nnx-name-map (fixed)
# source: https://github.com/google-deepmind/optax/issues/1148
# The report's model, train step and name_map. Flax 0.12's nnx.Optimizer needs wrt= and
# update(model, grads), and the rest of the report's script was not shown: the data and the
# train_step call are filled in.
from flax import nnx
import optax
import jax
import jax.numpy as jnp

class MLP(nnx.Module):
  def __init__(self, din: int, dmid: int, dout: int, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.dropout = nnx.Dropout(rate=0.1, rngs=rngs)
    self.bn = nnx.BatchNorm(dmid, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x: jax.Array):
    x = nnx.gelu(self.dropout(self.bn(self.linear1(x))))
    return self.linear2(x)

@nnx.jit  # Automatic state management
def train_step(model, optimizer, x, y):
  def loss_fn(model: MLP):
    y_pred = model(x)
    return jnp.mean((y_pred - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)  # In place updates.

  return loss


if __name__ == '__main__':
    # An MLP containing 2 custom `Linear` layers, 1 `nnx.Dropout` layer, 1 `nnx.BatchNorm` layer.
    model = MLP(2, 16, 10, rngs=nnx.Rngs(0))
    # optimizer = nnx.Optimizer(model, optax.adam(1e-3))  # this works
    optimizers = {
        'linear1': optax.adam(1e-3),
        'linear2': optax.adam(2e-3),
        'bn': optax.adam(3e-3),
    }

    model_state = nnx.state(model, nnx.Param)
    is_param = lambda x: isinstance(x, nnx.Param)
    name_map_values = [k[0].key for k, _ in jax.tree_util.tree_flatten_with_path(model_state, is_leaf=is_param)[0]]
    name_map = jax.tree.unflatten(jax.tree.structure(model_state, is_leaf=is_param), name_map_values)
    optimizer = nnx.Optimizer(model, optax.multi_transform(optimizers, name_map), wrt=nnx.Param)
    x = jnp.ones((5, 2))
    y = jnp.ones((5, 10))
    train_step(model, optimizer, x, y)

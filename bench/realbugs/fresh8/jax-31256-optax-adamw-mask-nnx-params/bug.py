# realbug: jax-31256-optax-adamw-mask-nnx-params
# source: https://github.com/jax-ml/jax/issues/31256
# kind: pytree-structure
# raises: ValueError: pytree structure error: different types at key path
# The report's program: `optax.adamw`'s weight-decay `mask` built by `jax.tree.map` over an
# `nnx.split` State (so its leaves sit inside `nnx.Param` nodes) while the optimizer updates
# plain arrays; the training step is the report's, cut to one step.
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class Model(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(12, 24, use_bias=True, rngs=rngs)
        self.wc = nnx.Linear(24, 2, use_bias=False, rngs=rngs)
        self.var = nnx.Variable(value=jnp.ones((3, 3)))

    def __call__(self, x):
        h = self.w(x)
        y = self.wc(h)
        return y


m = Model(nnx.Rngs(0))

graphdef, params, variables = nnx.split(m, nnx.Param, nnx.Variable)
decay_weights = jax.tree.map(lambda x: len(x.shape) > 1, params)

tx = optax.adamw(0.001, weight_decay=0.1, mask=decay_weights)
optimizer = nnx.Optimizer(m, tx, wrt=nnx.Param)

X = jax.random.normal(jax.random.key(0), (100, 16, 12))
Y = jax.random.randint(jax.random.key(0), (100, 16), 0, 2)


def loss_fn(model, x, y):
    y_pred = model(x)
    loss = optax.softmax_cross_entropy_with_integer_labels(y_pred, y)
    return loss.mean()


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)  # BUG
    return loss


train_step(m, optimizer, X[0], Y[0])

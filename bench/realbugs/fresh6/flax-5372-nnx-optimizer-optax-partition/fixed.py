# realbug: flax-5372-nnx-optimizer-optax-partition (fixed)
# source: https://github.com/google/flax/issues/5372
import jax
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
labels = jax.tree.map(lambda _: "a", nnx.state(model, nnx.Param))
tx = optax.adam(1e-2)
optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

X = jax.random.normal(key=jax.random.key(0), shape=(8, 2))
y = X.sum(axis=1, keepdims=True) + 3


@nnx.jit
def train_step(model, optimizer, X, y):
    def loss_fn(model):
        return jnp.mean((model(X) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


train_step(model, optimizer, X, y)

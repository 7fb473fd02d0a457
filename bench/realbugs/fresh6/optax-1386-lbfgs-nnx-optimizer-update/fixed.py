# realbug: optax-1386-lbfgs-nnx-optimizer-update (fixed)
# source: https://github.com/google-deepmind/optax/issues/1386
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x = jnp.ones((4, 2))
y = jnp.zeros((4, 1))


def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)


loss, grads = nnx.value_and_grad(loss_fn)(model)
optimizer.update(model, grads)

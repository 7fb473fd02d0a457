# realbug: optax-1386-lbfgs-nnx-optimizer-update
# source: https://github.com/google-deepmind/optax/issues/1386
# kind: library-contract
# raises: TypeError: .*missing 3 required keyword-only arguments: 'value', 'grad', and 'value_fn'
# L-BFGS used in flax.nnx with the same pattern as Adam (`optimizer.update(model, grads)`); its
# linesearch needs `value`, `grad` and `value_fn`. The model and loss are filled in.
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.lbfgs(), wrt=nnx.Param)
x = jnp.ones((4, 2))
y = jnp.zeros((4, 1))


def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)


loss, grads = nnx.value_and_grad(loss_fn)(model)
optimizer.update(model, grads)  # BUG

# realbug: equinox-361-jax-jit-grad-of-mlp (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/361
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
@eqx.filter_grad
def loss_fn(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jax.numpy.mean((y - pred_y) ** 2)


batch_size, in_size, out_size = 32, 2, 3
key = jax.random.PRNGKey(0)
model_lin = eqx.nn.Linear(in_size, out_size, key=key)
model_MLP = eqx.nn.MLP(in_size, out_size, 8, 2, key=key)

x = jax.numpy.zeros((batch_size, in_size), dtype=jnp.float32)
y = jax.numpy.zeros((batch_size, out_size), dtype=jnp.float32)
grads_lin = loss_fn(model_lin, x, y)
grads_MLP = loss_fn(model_MLP, x, y)

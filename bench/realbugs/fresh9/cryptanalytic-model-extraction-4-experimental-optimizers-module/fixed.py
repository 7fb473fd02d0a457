# realbug: cryptanalytic-model-extraction-4-experimental-optimizers-module (fixed)
# source: https://github.com/google-research/cryptanalytic-model-extraction/issues/4
import numpy as onp
import jax
import jax.example_libraries.optimizers
import jax.numpy as jnp


def matmul(a, b, c, np=jnp):
    return np.dot(a, b) + c


def loss(params, inputs, targets):
    logits = matmul(inputs, params[0][0], params[1][0])
    res = (targets - logits.flatten()) ** 2
    return jnp.mean(res)


sizes = [4, 1]
A = [onp.random.normal(size=(4, 1)) / 1.0]
B = [onp.zeros((1,))]
params = [A, B]
init, opt_update, get_params = jax.example_libraries.optimizers.adam(3e-4)
X = onp.random.normal(size=(20, 4))
Y = onp.array(onp.random.normal(size=20) > 0, dtype=onp.float32)
loss_grad = jax.grad(loss)


@jax.jit
def update(i, opt_state, batch_x, batch_y):
    params = get_params(opt_state)
    return opt_update(i, loss_grad(params, batch_x, batch_y), opt_state)


opt_state = init(params)
opt_state = update(0, opt_state, X[:4], Y[:4])

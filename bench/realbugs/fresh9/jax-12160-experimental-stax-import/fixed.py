# realbug: jax-12160-experimental-stax-import (fixed)
# source: https://github.com/jax-ml/jax/issues/12160
from jax import grad, jit, random
from jax.example_libraries import stax, optimizers
import jax.numpy as np

init_fun, apply_fun = stax.serial(stax.Dense(16), stax.Relu, stax.Dense(2))
_, params = init_fun(random.PRNGKey(0), (-1, 2))
opt_init, opt_update, get_params = optimizers.adam(step_size=1e-4)
opt_state = opt_init(params)


@jit
def step(i, opt_state, inputs):
    params = get_params(opt_state)
    gradients = grad(lambda p: np.mean(apply_fun(p, inputs) ** 2))(params)
    return opt_update(i, gradients, opt_state)


opt_state = step(0, opt_state, np.ones((8, 2)))

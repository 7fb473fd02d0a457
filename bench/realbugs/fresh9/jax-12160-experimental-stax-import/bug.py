# realbug: jax-12160-experimental-stax-import
# source: https://github.com/jax-ml/jax/issues/12160
# kind: removed-name
# raises: ImportError: cannot import name 'stax' from 'jax.experimental'
# The first cell of jax-flows' intro notebook, as the reporter ran it; `stax` and `optimizers`
# moved to jax.example_libraries (the old names were removed in 0.3.16). A small stax network
# stands for the notebook's flow.
from jax import grad, jit, random
from jax.experimental import stax, optimizers  # BUG
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

# realbug: equinox-206-vmapped-submodule-field (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/206
import equinox as eqx
import jax.numpy as np
from jax import vmap
from jaxtyping import Array
import optax


class Submodule(eqx.Module):
    A: Array

    def __call__(self, x):  # x of shape N
        return self.A @ x


class Module(eqx.Module):
    submodule: Submodule

    def __init__(self, submodule):
        self.submodule = submodule

    def __call__(self, x):  # x of shape (B,N)
        return vmap(self.submodule)(x)


submodule = Submodule(np.zeros((4, 4)))
module = Module(submodule)
x = np.ones((10, 4, 1))
print(module(x).shape)

@eqx.filter_value_and_grad
@eqx.filter_jit
def grad_loss(module, x):
    x = module(x)
    return ((1 - x) ** 2).sum()


@eqx.filter_jit
def make_step(module, x, opt_state):
    loss, grads = grad_loss(module, x)
    updates, opt_state = optim.update(grads, opt_state)
    module = eqx.apply_updates(module, updates)
    return loss, module, opt_state


optim = optax.adam(0.2)
opt_state = optim.init(module)
for optim_step_idx in range(40):
    loss, module, opt_state = make_step(module, x, opt_state)
    print(loss, module.submodule.A.sum())

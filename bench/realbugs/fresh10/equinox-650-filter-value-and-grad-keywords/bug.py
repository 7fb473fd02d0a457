# realbug: equinox-650-filter-value-and-grad-keywords
# source: https://github.com/patrick-kidger/equinox/issues/650
# kind: library-contract
# raises: TypeError: Functions wrapped with `equinox.filter_\{grad, value_and_grad\}` must have their first argument passed by position
# The reporter's physics loss ran when called directly but failed under
# `eqx.filter_value_and_grad` because every argument, the differentiated network first, was
# passed by keyword. The loss is reduced to a small model and a few of its arguments.
import jax
import jax.numpy as jnp
import equinox as eqx


def final_physics_loss(hyper_net, u0s, x_n, n_steps, dt):
    u = u0s
    for _ in range(n_steps):
        u = u + dt * hyper_net(x_n)
    return jnp.mean(u**2)


g = eqx.nn.Linear(3, 3, key=jax.random.PRNGKey(0))
u0s = jnp.ones(3)
x = jnp.linspace(0.0, 1.0, 3)
loss, grads = eqx.filter_value_and_grad(final_physics_loss)(  # BUG
    hyper_net=g, u0s=u0s, x_n=x, n_steps=10, dt=0.01
)

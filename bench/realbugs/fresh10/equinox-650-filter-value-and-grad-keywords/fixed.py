# realbug: equinox-650-filter-value-and-grad-keywords (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/650
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
loss, grads = eqx.filter_value_and_grad(final_physics_loss)(
    g, u0s=u0s, x_n=x, n_steps=10, dt=0.01
)

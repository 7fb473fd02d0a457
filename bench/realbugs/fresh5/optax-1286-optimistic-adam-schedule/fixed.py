# realbug: optax-1286-optimistic-adam-schedule (fixed)
# source: https://github.com/google-deepmind/optax/issues/1286
import optax
import jax
from jax import numpy as jnp, lax
def f(x, y):
 return x * y  # simple bilinear function
schedule = optax.schedules.linear_schedule(1,2,100) # <--------- using a schedule for learning rate
opt = optax.optimistic_adam_v2(schedule, alpha=1.0)
def step(state, _):
 params, opt_state = state
 distance = jnp.hypot(*params)
 grads = jax.grad(f, argnums=(0, 1))(*params)
 grads = grads[0], -grads[1]
 updates, opt_state = opt.update(grads, opt_state, params)
 params = optax.apply_updates(params, updates)
 return (params, opt_state), distance
params = 1.0, 2.0
opt_state = opt.init(params)
_, distances = lax.scan(step, (params, opt_state), length=10)

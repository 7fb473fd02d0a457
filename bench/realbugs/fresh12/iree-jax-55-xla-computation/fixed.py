# realbug: iree-jax-55-xla-computation (fixed)
# source: https://github.com/iree-org/iree-jax/pull/55
import jax
import jax.numpy as jnp


def predict(w, x):
  return jnp.tanh(x @ w)


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
lowered = jax.jit(predict).lower(w, x)
print(lowered.as_text()[:40])

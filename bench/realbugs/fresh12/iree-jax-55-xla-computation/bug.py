# realbug: iree-jax-55-xla-computation
# source: https://github.com/iree-org/iree-jax/pull/55
# kind: removed-name
# raises: AttributeError: .*xla_computation
# The exporter got an XLA computation with `jax.xla_computation` (deprecated, then
# removed); the fix lowers through `jax.jit(...).lower(...)`.
import jax
import jax.numpy as jnp


def predict(w, x):
  return jnp.tanh(x @ w)


w = jnp.ones((3, 2))
x = jnp.ones((4, 3))
computation = jax.xla_computation(predict)(w, x)  # BUG
print(computation)

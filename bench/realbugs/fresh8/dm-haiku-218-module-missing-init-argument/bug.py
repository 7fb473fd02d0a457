# realbug: dm-haiku-218-module-missing-init-argument
# source: https://github.com/google-deepmind/dm-haiku/issues/218
# kind: call-arguments
# raises: TypeError: .*__init__\(\) missing 1 required positional argument: 'input_dims'
# The linear regression: the module needs `input_dims` but the transformed function
# builds it as `Model()`; the Boston data is replaced by ones of its shape (13 features).
import haiku as hk
import jax
import jax.numpy as jnp

train_X = jnp.ones((506, 13))


class Model(hk.Module):
    def __init__(self, input_dims):
        super().__init__()
        self.input_dims = input_dims

    def __call__(self, X: jnp.ndarray) -> jnp.ndarray:
        l1 = hk.Linear(self.input_dims)
        return l1(X)


model = hk.transform(lambda x: Model()(x))  # BUG
params = model.init(jax.random.PRNGKey(0), train_X)

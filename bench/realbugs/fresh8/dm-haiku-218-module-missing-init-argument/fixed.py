# realbug: dm-haiku-218-module-missing-init-argument (fixed)
# source: https://github.com/google-deepmind/dm-haiku/issues/218
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


model = hk.transform(lambda x: Model(train_X.shape[1])(x))
params = model.init(jax.random.PRNGKey(0), train_X)

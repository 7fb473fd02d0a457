# realbug: haiku-397-batchnorm-in-transform-without-state
# source: https://github.com/google-deepmind/dm-haiku/issues/397
# kind: library-contract
# raises: NonEmptyStateError: If your transformed function uses `hk.{get,set}_state` then use `hk.transform_with_state`
# The report's module (its base class CNN and the `activation` it uses were not shown; a bare
# hk.Module and relu stand in), transformed with hk.transform as the reporter did.
import haiku as hk
import jax
import jax.numpy as jnp

activation = jax.nn.relu


class CNN(hk.Module):
    pass


class CNN1(CNN):
    def __call__(self, x):
        batch_size = x.shape[0]

        x = hk.Conv2D(32, kernel_shape=3, stride=1, padding="VALID")(x)
        x = hk.BatchNorm(create_scale=True, create_offset=True, decay_rate=0.999)(x, True)
        x = activation(x)
        x = hk.MaxPool(window_shape=2, strides=2, padding="VALID")(x)

        x = hk.Conv2D(64, kernel_shape=3, stride=1)(x)
        x = hk.BatchNorm(create_scale=True, create_offset=True, decay_rate=0.999)(x, True)
        x = activation(x)
        x = hk.MaxPool(window_shape=2, strides=2, padding="VALID")(x)
        return jnp.reshape(x, (batch_size, -1))


model = hk.transform(lambda x: CNN1()(x))  # BUG
params = model.init(jax.random.PRNGKey(0), jnp.ones((2, 28, 28, 1)))  # BUG

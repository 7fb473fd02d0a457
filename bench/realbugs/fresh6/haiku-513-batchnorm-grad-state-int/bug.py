# realbug: haiku-513-batchnorm-grad-state-int
# source: https://github.com/google-deepmind/dm-haiku/issues/513
# kind: grad-integer-input
# raises: TypeError: grad requires real- or complex-valued inputs
# The report's model; its loss and grad call are filled in as described: the gradient taken
# with respect to the BatchNorm state too, whose moving-average counter is an int32.
import haiku as hk
import jax
import jax.numpy as jnp


class MLP(hk.Module):
    """One hidden layer perceptron, with normalization."""

    def __init__(self):
        super().__init__()
        self._hidden_size = 10
        self._output_size = 1
        bn_config = dict()
        bn_config.setdefault("create_scale", True)
        bn_config.setdefault("create_offset", True)
        bn_config.setdefault("decay_rate", 0.999)
        self._bn_config = bn_config

    def __call__(self, inputs, is_training):
        out = hk.Linear(output_size=self._hidden_size, with_bias=True)(inputs)
        out = hk.BatchNorm(**self._bn_config)(out, is_training=is_training)
        out = jax.nn.relu(out)
        out = hk.Linear(output_size=self._output_size, with_bias=False)(out)
        return out


def forward(x):
    module = MLP()
    return module(x, True)


rng = jax.random.PRNGKey(0)
rng, init_rng = jax.random.split(rng)
forward = hk.transform_with_state(forward)
params, state = forward.init(init_rng, jnp.ones((4, 3)))

x = jax.random.normal(init_rng, (4, 3))


def loss_fn(params, state, x):
    out, _ = forward.apply(params, state, None, x)
    return jnp.mean(out)


grads = jax.grad(loss_fn, argnums=(0, 1))(params, state, x)  # BUG

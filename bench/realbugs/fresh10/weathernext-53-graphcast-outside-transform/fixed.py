# realbug: weathernext-53-graphcast-outside-transform (fixed)
# source: https://github.com/google-deepmind/weathernext/issues/53
import haiku as hk
import jax
import jax.numpy as jnp


class DeepTypedGraphNet(hk.Module):
    def __init__(self, latent_size, name=None):
        super().__init__(name=name)
        self._latent_size = latent_size

    def __call__(self, x):
        return hk.Linear(self._latent_size)(x)


class GraphCast(hk.Module):
    def __init__(self, model_config, task_config):
        super().__init__(name="graphcast")
        self._grid2mesh_gnn = DeepTypedGraphNet(model_config["latent_size"], name="grid2mesh")

    def __call__(self, inputs):
        return self._grid2mesh_gnn(inputs)


def construct_wrapped_graphcast(model_config, task_config):
    predictor = GraphCast(model_config, task_config)
    return predictor


model_config = {"latent_size": 8}
task_config = {}


@hk.transform
def run_forward(inputs):
    return construct_wrapped_graphcast(model_config, task_config)(inputs)


params = run_forward.init(jax.random.PRNGKey(0), jnp.ones((2, 4)))
print(run_forward.apply(params, None, jnp.ones((2, 4))).shape)

# realbug: weathernext-53-graphcast-outside-transform
# source: https://github.com/google-deepmind/weathernext/issues/53
# kind: library-contract
# raises: ValueError: All `hk.Module`s must be initialized inside an `hk.transform`
# The reporter's 0.get_model.py built GraphCast in `construct_wrapped_graphcast` and called it
# directly instead of inside `hk.transform`; GraphCast and its graph network are reduced to
# two small Haiku modules with the same constructor shape.
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
    predictor = GraphCast(model_config, task_config)  # BUG
    return predictor


model_config = {"latent_size": 8}
task_config = {}
model = construct_wrapped_graphcast(model_config, task_config)
print(model(jnp.ones((2, 4))).shape)

"""Assigning into a dict of parameters and a list of arrays: containers, not jax arrays."""
# corpus: label=negative styles=attribute

import jax.numpy as jnp

params = {"w": jnp.ones((3, 3)), "b": jnp.zeros(3)}
params["w"] = params["w"] * 0.5
layers = [jnp.ones(3), jnp.ones(3)]
layers[0] = layers[0] + params["b"]


class Model:
    def __init__(self):
        self.weights = {"dense": jnp.eye(2)}

    def scale(self, factor):
        self.weights["dense"] = self.weights["dense"] * factor


Model().scale(2.0)

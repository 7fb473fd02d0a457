# corpus: label=negative styles=attribute,method batch=s38
import jax
import jax.numpy as jnp


class Ensemble:
    def __init__(self, members, scale):
        self.members = members
        self.scale = scale
        self.forward = jax.vmap(self.member_output, in_axes=(0, None), out_axes=(0, None))

    def member_output(self, weight, scale):
        return weight * scale, scale * 2.0

    def predict(self):
        return self.forward(self.members, self.scale)


Ensemble(jnp.ones((4, 3)), jnp.ones(())).predict()

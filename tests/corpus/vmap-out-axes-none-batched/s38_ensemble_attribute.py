# corpus: label=positive styles=attribute,method batch=s38
import jax
import jax.numpy as jnp


class Ensemble:
    def __init__(self, members):
        self.members = members
        axes = (0, None)
        self.run = jax.vmap(self.member, out_axes=axes)  # expect: vmap-out-axes-none-batched

    def member(self, weight):
        prediction = weight * 2.0
        return prediction, prediction.mean()

    def predict(self):
        return self.run(self.members)  # expect: vmap-out-axes-none-batched


Ensemble(jnp.ones((4, 3))).predict()

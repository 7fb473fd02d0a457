# corpus: label=positive styles=attribute,method batch=s38
import jax
import jax.numpy as jnp


class Ensemble:
    def __init__(self, members):
        self.members = members
        self.forward = jax.vmap(
            self.member_output, out_axes=(0, None)
        )  # expect: vmap-out-axes-none-batched

    def member_output(self, weight):
        prediction = weight * 2.0
        return prediction, prediction.mean()

    def predict(self):
        return self.forward(self.members)  # expect: vmap-out-axes-none-batched


Ensemble(jnp.ones((4, 3))).predict()

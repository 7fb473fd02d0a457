# realbug: flax-977-apply-without-state-collection (fixed)
# source: https://github.com/google/flax/issues/977
import flax.linen as nn
import jax
import jax.numpy as jnp


class Recurrent(nn.Module):
  num_users: int = 4
  features: int = 3

  @nn.compact
  def __call__(self, batch):
    outputs = self.variable(
        "lstm_states", "user_outputs", jnp.zeros, (self.num_users, self.features))
    return nn.Dense(self.features)(batch) + outputs.value


model = Recurrent()
batch = jnp.ones((4, 2))
variables = model.init(jax.random.key(0), batch)
print(model.apply(variables, batch).shape)

# realbug: flax-977-apply-without-state-collection
# source: https://github.com/google/flax/issues/977
# kind: library-contract
# raises: ScopeCollectionNotFound: Tried to access \"user_outputs\" from collection \"lstm_states\"
# A recurrent model kept a state matrix in a `lstm_states` collection; applying it with
# only `{'params': params}` left that collection out. The model is reduced to the state
# variable and one Dense.
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
params = variables["params"]
print(model.apply({"params": params}, batch).shape)  # BUG

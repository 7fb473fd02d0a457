# realbug: jax-3654-one-hot-traced-classes (fixed)
# source: https://github.com/jax-ml/jax/issues/3654
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def train_step(replay_elements, num_actions):
    replay_action_one_hot = jax.nn.one_hot(replay_elements["action"], num_actions)
    return (replay_action_one_hot * replay_elements["q"]).sum()


replay_elements = {"action": jnp.array([0, 2, 1]), "q": jnp.ones((3, 4))}
print(train_step(replay_elements, 4))

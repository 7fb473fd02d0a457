# realbug: flax-1386-dense-bias-init-lecun
# source: https://github.com/google/flax/issues/1386
# kind: initializer-rank
# raises: ValueError: Can't compute input and output sizes of a 1-dimensional weights tensor
# A comment's case (reproducing DDPG): `lecun_uniform()`, a variance-scaling initializer, given
# as `bias_init` of `nn.Dense`; the layer sizes and input are filled in.
import jax
import jax.numpy as jnp
from flax import linen as nn


class Critic(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(256, bias_init=nn.initializers.lecun_uniform())(x)  # BUG
        return nn.Dense(1)(nn.relu(x))


Critic().init(jax.random.PRNGKey(0), jnp.ones((1, 8)))  # BUG

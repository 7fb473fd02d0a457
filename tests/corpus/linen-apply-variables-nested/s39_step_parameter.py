"""A step helper given init's dict as its params parameter wraps it for apply."""

# corpus: label=positive styles=parameter,helper batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


def step(model, params, x):
    return model.apply({"params": params}, x).sum()  # expect: linen-apply-variables-nested


model = nn.Conv(4, kernel_size=(3,))
x = jnp.ones((2, 8, 1))
params = model.init(jax.random.key(0), x)
print(step(model, params, x))

"""A forward function whose head layer is a default argument, built when the def runs."""
# corpus: label=positive styles=parameter

import haiku as hk
import jax
import jax.numpy as jnp


def forward(x, head=hk.Linear(1)):  # expect: haiku-outside-transform
    return head(jax.nn.relu(x))


model = hk.transform(forward)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))

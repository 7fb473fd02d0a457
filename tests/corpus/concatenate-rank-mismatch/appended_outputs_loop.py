"""Per-step outputs of growing width collected in a list and concatenated along the batch axis."""
# corpus: label=positive styles=helper,direct

import jax.numpy as jnp


def step_output(i):
    return jnp.ones((2, i + 1))


outputs = []
for i in range(3):
    outputs.append(step_output(i))
print(jnp.concatenate(outputs).shape)  # expect: concatenate-rank-mismatch

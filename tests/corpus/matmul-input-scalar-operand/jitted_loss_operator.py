"""Inside a jitted loss, the prediction is contracted with a scalar temperature by mistake."""
# corpus: label=positive styles=transform,direct batch=d

import jax
import jax.numpy as jnp


@jax.jit
def logits(features, temperature):
    return features @ temperature  # expect: matmul-input-scalar-operand


print(logits(jnp.ones((4, 3)), jnp.float32(2.0)))

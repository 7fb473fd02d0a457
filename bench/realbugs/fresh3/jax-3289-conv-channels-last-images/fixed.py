# realbug: jax-3289-conv-channels-last-images (fixed)
# source: https://github.com/jax-ml/jax/issues/3289
import jax.numpy as jnp
from jax import lax, random

key = random.PRNGKey(0)
images = random.uniform(key, (8, 32, 32, 3))
kernel = random.normal(key, (16, 3, 3, 3))  # OIHW

out = lax.conv_general_dilated(
    jnp.transpose(images, (0, 3, 1, 2)),
    kernel,
    (1, 1),
    "SAME",
    dimension_numbers=("NCHW", "OIHW", "NCHW"),
)
print(jnp.mean(out))

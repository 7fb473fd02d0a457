# realbug: jax-3289-conv-channels-last-images
# source: https://github.com/jax-ml/jax/issues/3289
# kind: conv
# raises: ValueError: conv_general_dilated lhs feature dimension size divided by feature_group_count must equal the rhs input feature dimension size
import jax.numpy as jnp
from jax import lax, random

key = random.PRNGKey(0)
# the ResNet expects NCHW; the data source gives NHWC colour images
images = random.uniform(key, (8, 32, 32, 3))
kernel = random.normal(key, (16, 3, 3, 3))  # OIHW

out = lax.conv_general_dilated(  # BUG
    images, kernel, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW")
)
print(jnp.mean(out))

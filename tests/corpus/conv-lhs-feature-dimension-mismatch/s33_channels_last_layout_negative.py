# corpus: label=negative styles=parameter batch=s33
import jax.numpy as jnp
from jax import lax


def forward(images, kernel, layout=("NHWC", "HWIO", "NHWC")):
    return lax.conv_general_dilated(images, kernel, (1, 1), "VALID", dimension_numbers=layout)


out = forward(jnp.ones((2, 64, 64, 3)), jnp.ones((5, 5, 3, 32)))

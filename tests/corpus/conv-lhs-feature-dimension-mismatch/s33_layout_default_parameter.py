# corpus: label=positive styles=parameter batch=s33
import jax.numpy as jnp
from jax import lax


def forward(images, kernel, layout=("NCHW", "OIHW", "NCHW")):
    return lax.conv_general_dilated(  # expect: conv-lhs-feature-dimension-mismatch
        images, kernel, (1, 1), "VALID", dimension_numbers=layout
    )


forward(jnp.ones((2, 64, 64, 3)), jnp.ones((32, 3, 5, 5)))

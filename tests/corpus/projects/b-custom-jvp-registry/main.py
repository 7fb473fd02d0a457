"""squareplus's defjvp runs in another module of the package (actlib.rules), imported by __init__."""
# corpus: rule=custom-jvp-without-defjvp label=negative styles=module

import jax
import jax.numpy as jnp
from actlib import squareplus

x = jnp.linspace(-2.0, 2.0, 5)
print(squareplus(x))
print(jax.grad(lambda v: squareplus(v).sum())(x))

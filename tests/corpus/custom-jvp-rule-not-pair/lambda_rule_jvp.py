"""The rule is a lambda that returns cos(x) * t only; forward-mode jax.jvp needs the pair."""
# corpus: label=positive styles=transform,return

import jax
import jax.numpy as jnp


@jax.custom_jvp
def periodic(x):
    return jnp.sin(x)


periodic.defjvp(
    lambda primals, tangents: jnp.cos(primals[0]) * tangents[0]  # expect: custom-jvp-rule-not-pair
)

x = jnp.linspace(0.0, 3.0, 4)
y, y_dot = jax.jvp(periodic, (x,), (jnp.ones_like(x),))
print(y, y_dot)

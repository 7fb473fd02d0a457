# corpus: label=positive styles=attribute,helper batch=c
"""The JVP rule is built by a factory parameterised by a temperature; it returns the tangent
alone."""

import jax
import jax.numpy as jnp


def make_softplus_rule(temperature):
    def rule(primals, tangents):
        (x,), (t,) = primals, tangents
        slope = jax.nn.sigmoid(x / temperature)
        return slope * t  # expect: custom-jvp-rule-not-pair

    return rule


@jax.custom_jvp
def soft_relu(x):
    return jnp.logaddexp(x, 0.0)


soft_relu.defjvp(make_softplus_rule(temperature=1.0))

xs = jnp.linspace(-2.0, 2.0, 5)
print(jax.jvp(soft_relu, (xs,), (jnp.ones_like(xs),)))

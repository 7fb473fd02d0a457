"""A model method defines a custom_jvp activation over its parameter and is differentiated
with jax.jvp along that parameter."""
# corpus: label=positive styles=method,attribute batch=s29

import jax
import jax.numpy as jnp


class Model:
    def __init__(self, inputs):
        self.inputs = inputs

    def energy(self, beta):
        @jax.custom_jvp
        def softplus(v):
            return jnp.log1p(jnp.exp(beta * v))

        @softplus.defjvp
        def softplus_jvp(primals, tangents):
            (v,), (dv,) = primals, tangents
            return softplus(v), dv * beta * jax.nn.sigmoid(beta * v)

        return softplus(self.inputs).sum()  # expect: unexpected-tracer-error


model = Model(jnp.linspace(-1.0, 1.0, 4))
print(jax.jvp(model.energy, (1.0,), (1.0,)))

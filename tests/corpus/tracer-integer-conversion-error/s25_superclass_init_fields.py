"""A base class sets the number of steps in its __init__; the subclass's jitted method receives it as an argument via a method call and uses range()."""
# corpus: label=positive styles=attribute,method batch=s25

import jax
import jax.numpy as jnp


class Integrator:
    def __init__(self, dt):
        self.dt = dt

    def advance(self, x, n_steps):
        for _ in range(n_steps):  # expect: tracer-integer-conversion-error
            x = x + self.dt * self.rhs(x)
        return x


class Decay(Integrator):
    def __init__(self, dt, rate):
        super().__init__(dt)
        self.rate = rate

    def rhs(self, x):
        return -self.rate * x


model = Decay(0.1, 2.0)
print(jax.jit(model.advance)(jnp.ones(3), 10))

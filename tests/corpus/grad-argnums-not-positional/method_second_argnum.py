# corpus: label=positive styles=method,attribute
import jax
import jax.numpy as jnp


class Potential:
    def __init__(self):
        self.dk = jax.grad(self.energy, argnums=1)

    def energy(self, x, k):
        return 0.5 * k * jnp.sum(x**2)

    def stiffness_gradient(self, x, k):
        return self.dk(x, k=k)  # expect: grad-argnums-not-positional


Potential().stiffness_gradient(jnp.ones(3), 2.0)

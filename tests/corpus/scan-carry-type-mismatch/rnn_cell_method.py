"""An RNN cell whose hidden state is projected to the output width inside the scan."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp
from jax import lax


class RNN:
    def __init__(self, inputs, hidden, outputs):
        self.w_in = jnp.zeros((inputs, hidden))
        self.w_out = jnp.zeros((hidden, outputs))

    def step(self, h, x):
        h = jnp.tanh(x @ self.w_in + h)
        return h @ self.w_out, h

    def run(self, xs):
        h0 = jnp.zeros(self.w_in.shape[1])
        return lax.scan(self.step, h0, xs)  # expect: scan-carry-type-mismatch


rnn = RNN(inputs=3, hidden=8, outputs=2)
print(rnn.run(jnp.ones((5, 3))))

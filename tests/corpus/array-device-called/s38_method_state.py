"""A training state whose summary method reports the device of its parameters."""

# corpus: label=positive styles=method,attribute batch=s38

import jax


class State:
    def __init__(self, params):
        self.params = params

    def describe(self):
        where = self.params.device()  # expect: array-device-called
        return f"params {self.params.shape} on {where}"


state = State(jax.random.normal(jax.random.PRNGKey(0), (4, 4)))
print(state.describe())

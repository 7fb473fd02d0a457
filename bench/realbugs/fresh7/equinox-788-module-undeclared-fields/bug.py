# realbug: equinox-788-module-undeclared-fields
# source: https://github.com/patrick-kidger/equinox/issues/788
# kind: library-contract
# raises: FrozenInstanceError: cannot assign to field 'layers'
# The report's MLP: an `eqx.Module` whose `__init__` assigns attributes it never declares as
# fields (equinox Modules are frozen dataclasses).
import equinox as eqx
import jax


class MLPeqx(eqx.Module):
    def __init__(self, hidden_dims):
        super().__init__()
        tmp_key = jax.random.split(jax.random.PRNGKey(0), len(hidden_dims) - 1)
        self.layers = [  # BUG
            eqx.nn.Linear(hidden_dims[i], hidden_dims[i + 1], key=tmp_key[i])
            for i in range(len(hidden_dims) - 1)
        ]
        self.activation = jax.nn.relu

    def __call__(self, x):
        for i in range(len(self.layers) - 1):
            x = self.activation(self.layers[i](x))
        x = self.layers[-1](x)
        return x


MLP = MLPeqx(hidden_dims=[1, 2, 4, 4, 2, 1])  # BUG

# realbug: flax-1303-apply-variables-as-params
# source: https://github.com/google/flax/issues/1303
# kind: library-contract
# raises: ApplyScopeInvalidVariablesStructureError: Expect the `variables` \(first argument\) passed to apply\(\) to be a dict with the structure
# The report's model is in a notebook it links; a one-conv stand-in is filled in, and its
# `optim.Adam(...).create(parameters)` is left out (flax.optim no longer exists): the
# variables dict from `init` is passed on as the params, as in the report. Its
# ScopeParamNotFoundError is, on flax 0.12.12, a check of the variables' structure in `apply`.
import jax
import flax.linen as nn


class SimpleCNN6Layer(nn.Module):
    n: int

    @nn.compact
    def __call__(self, x):
        return nn.Conv(self.n, (3,))(x)


parameters = SimpleCNN6Layer(n=16).init({'params':jax.random.PRNGKey(0)}, jax.numpy.ones((16, 4000, 1)))
batch = jax.numpy.ones((16, 4000, 1))
SimpleCNN6Layer(n=16).apply({'params':parameters}, batch)  # BUG

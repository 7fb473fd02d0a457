# realbug: equinox-630-module-carry-list-vs-module (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/630
import equinox as eqx
import jax


class SimpleMLP(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, *, key) -> None:
        self.mlp = eqx.nn.MLP(in_size=3, out_size=1, width_size=32, depth=2, key=key)

    def __call__(self, x):
        return self.mlp(x)


key = jax.random.PRNGKey(42)
mlp = SimpleMLP(key=key)


def rollout(mlp, xs):
    params, static = eqx.partition(mlp, eqx.is_array)

    def step(carry, x):
        model = eqx.combine(carry, static)
        val = model(x)
        return carry, [val]

    _, scan_out = jax.lax.scan(step, params, xs)

    return scan_out


key, subkey = jax.random.split(key)
vals = rollout(mlp, jax.random.normal(key=subkey, shape=(200, 3)))

# realbug: equinox-630-module-carry-list-vs-module
# source: https://github.com/patrick-kidger/equinox/issues/630
# kind: loop-carry-type
# raises: TypeError: .*is not a valid JAX type
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
    def step(carry, x):
        mlp = carry
        val = mlp(x)
        carry = mlp
        return carry, [val]

    _, scan_out = jax.lax.scan(step, [mlp], xs)  # BUG

    return scan_out


key, subkey = jax.random.split(key)
vals = rollout(mlp, jax.random.normal(key=subkey, shape=(200, 3)))

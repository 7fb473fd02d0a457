# realbug: equinox-446-mlp-as-scan-carry (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/446
import equinox as eqx
import jax
import jax.random as jrnd

key = jrnd.PRNGKey(5)
X = jrnd.normal(key, (20, 3))
y = jrnd.normal(key, (20, 1))

model2 = eqx.nn.MLP(X.shape[1], y.shape[1], 6, 3, key=key)
params, static = eqx.partition(model2, eqx.is_array)


def scanner(carry, _):
    return carry, 5.0


res = jax.lax.scan(scanner, params, X)
model_out = eqx.combine(res[0], static)

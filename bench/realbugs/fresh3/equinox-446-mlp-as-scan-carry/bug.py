# realbug: equinox-446-mlp-as-scan-carry
# source: https://github.com/patrick-kidger/equinox/issues/446
# kind: loop-carry-type
# raises: TypeError: .*is not a valid JAX type
import equinox as eqx
import jax
import jax.random as jrnd

key = jrnd.PRNGKey(5)
X = jrnd.normal(key, (20, 3))
y = jrnd.normal(key, (20, 1))

scanner = lambda carry, _: (carry, 5.0)

model2 = eqx.nn.MLP(X.shape[1], y.shape[1], 6, 3, key=key)
res = jax.lax.scan(eqx.filter_jit(scanner), model2, X)  # BUG

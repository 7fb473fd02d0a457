# realbug: equinox-69-adabelief-init-sequential-relu (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/69
import optax
import equinox as eqx
from jax import random, nn

optimizer = optax.adabelief(learning_rate=1e-3)  # errors out on adam, adamw; no errors with sgd
model = eqx.nn.Sequential(
    [
        eqx.nn.Linear(in_features=1, out_features=1024, key=random.PRNGKey(45)),
        nn.relu,  # no problem when commented out
        eqx.nn.Linear(in_features=1024, out_features=1, key=random.PRNGKey(39)),
    ]
)
opt_state = optimizer.init(eqx.filter(model, eqx.is_inexact_array))

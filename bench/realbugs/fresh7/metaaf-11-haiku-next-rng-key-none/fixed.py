# realbug: metaaf-11-haiku-next-rng-key-none (fixed)
# source: https://github.com/adobe-research/MetaAF/issues/11
import haiku as hk
import jax
import jax.numpy as jnp


def optimizer_net(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)


optimizer = hk.transform(optimizer_net)
x = jnp.ones((8,))
params = optimizer.init(jax.random.PRNGKey(0), x)
update = optimizer.apply(params, jax.random.PRNGKey(1), x)

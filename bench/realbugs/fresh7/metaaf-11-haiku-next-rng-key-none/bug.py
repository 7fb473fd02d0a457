# realbug: metaaf-11-haiku-next-rng-key-none
# source: https://github.com/adobe-research/MetaAF/issues/11
# kind: library-contract
# raises: MissingRNGError: You must pass a non-None PRNGKey to init and/or apply
# The optimizer network draws random numbers (`hk.next_rng_key()`) while the evaluation applies
# it with no key (`apply(params, None, ...)`); the network is cut down to a dropout.
import haiku as hk
import jax
import jax.numpy as jnp


def optimizer_net(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)


optimizer = hk.transform(optimizer_net)
x = jnp.ones((8,))
params = optimizer.init(jax.random.PRNGKey(0), x)
update = optimizer.apply(params, None, x)  # BUG

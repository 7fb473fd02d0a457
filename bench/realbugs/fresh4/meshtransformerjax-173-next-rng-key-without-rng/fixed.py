# realbug: meshtransformerjax-173-next-rng-key-without-rng (fixed)
# source: https://github.com/kingoflolz/mesh-transformer-jax/issues/173
# The reporter added hk.next_rng_key() to TransformerLayerShard.__call__ while the training
# step applied the transformed function with rng=None (transformer_shard.py); rebuilt with
# Haiku alone around that layer.
import haiku as hk
import jax
import jax.numpy as jnp


class TransformerLayerShard(hk.Module):
    def __call__(self, x):
        key = hk.next_rng_key()
        noise = jax.random.normal(key, x.shape)
        return hk.Linear(x.shape[-1])(x + noise)


def train_loss(x):
    return jnp.mean(TransformerLayerShard()(x))


train_loss_fn = hk.transform(train_loss)
x = jnp.ones((4, 8))
params = train_loss_fn.init(jax.random.PRNGKey(0), x)
loss = train_loss_fn.apply(params, jax.random.PRNGKey(1), x)

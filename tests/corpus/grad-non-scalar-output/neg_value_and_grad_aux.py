"""The main output is averaged over the batch."""
# corpus: label=negative styles=transform,return

import jax
import jax.numpy as jnp


def loss_with_metrics(params, batch):
    logits = batch @ params
    losses = jax.nn.logsumexp(logits, axis=-1)
    return losses.mean(), {"mean_logit": logits.mean()}


params = jnp.zeros((4, 3))
batch = jnp.ones((16, 4))
(loss, metrics), grads = jax.value_and_grad(loss_with_metrics, has_aux=True)(params, batch)
print(loss, grads.shape)

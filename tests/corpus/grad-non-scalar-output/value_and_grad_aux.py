"""value_and_grad with has_aux, whose main output keeps a batch axis."""
# corpus: label=positive styles=transform,return

import jax
import jax.numpy as jnp


def loss_with_metrics(params, batch):
    logits = batch @ params
    losses = jax.nn.logsumexp(logits, axis=-1)
    return losses, {"mean_logit": logits.mean()}


params = jnp.zeros((4, 3))
batch = jnp.ones((16, 4))
loss_and_grad = jax.value_and_grad(loss_with_metrics, has_aux=True)
(loss, metrics), grads = loss_and_grad(params, batch)  # expect: grad-non-scalar-output

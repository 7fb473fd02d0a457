"""A Haiku classifier evaluated with a helper that forgets apply's rng slot."""

# corpus: label=positive styles=helper,attribute batch=s37
import haiku as hk
import jax
import jax.numpy as jnp


def classifier(images):
    return hk.nets.MLP([16, 10])(images.reshape(images.shape[0], -1))


network = hk.transform(classifier)


def evaluate(params, images):
    return network.apply(params, images)  # expect: haiku-transform-rng-argument


images = jnp.ones((2, 4, 4))
params = network.init(jax.random.PRNGKey(0), images)
evaluate(params, images)

# realbug: numpyro-928-predictive-subsample-data-none (fixed)
# source: https://github.com/pyro-ppl/numpyro/issues/928
import numpyro
from numpyro.infer import MCMC, NUTS, Predictive
import numpyro.distributions as dist
from jax import random
import numpy as np


def model(data=None):
    mu = numpyro.sample("beta", dist.Normal(0, 100.))
    sigma = numpyro.sample("global_sigma", dist.HalfNormal(10))
    with numpyro.plate("data", 1000):
        numpyro.sample("obs", dist.Normal(mu, sigma),
                       obs=data)


data = np.random.normal(0, 1, (1000,))
nuts_kernel = NUTS(model)

mcmc = MCMC(nuts_kernel, num_samples=100, num_warmup=100)
rng_key = random.PRNGKey(0)
mcmc.run(rng_key, data=data)
mcmc.print_summary(exclude_deterministic=False)
posterior_samples = mcmc.get_samples()

predictive = Predictive(model, posterior_samples,
                        return_sites=['obs'])

samples_predictive = predictive(random.PRNGKey(0), data=None)

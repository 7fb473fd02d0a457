"""The worker seed is divided with `//`, an int."""
# corpus: label=negative styles=attribute,helper batch=s26

import jax

CONFIG = {"seed": 42, "workers": 2}


def worker_key(config, worker):
    seed = config["seed"] // config["workers"] + worker
    return jax.random.key(seed)


print(worker_key(CONFIG, 1))

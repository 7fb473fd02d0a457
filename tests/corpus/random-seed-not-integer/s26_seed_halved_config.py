"""Each data worker's seed is the config's seed divided by 2 with `/`, a float."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax

CONFIG = {"seed": 42, "workers": 2}


def worker_key(config, worker):
    seed = config["seed"] / config["workers"] + worker
    return jax.random.key(seed)  # expect: random-seed-not-integer


print(worker_key(CONFIG, 1))

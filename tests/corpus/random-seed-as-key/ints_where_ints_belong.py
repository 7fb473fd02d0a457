"""Ints in a sampler call that are not the key: `PRNGKey(0)`, `fold_in(key, step)`, `randint` bounds."""
# corpus: label=negative styles=direct

from jax import random

key = random.PRNGKey(0)
for step in range(3):
    step_key = random.fold_in(key, step)
    labels = random.randint(step_key, (4,), 0, 10)
    choice = random.choice(step_key, 5, (2,), replace=False)
